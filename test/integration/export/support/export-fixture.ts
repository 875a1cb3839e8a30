/** An API and a worker on real engines, with exports allowed to reach loopback receivers. */
import { ChangeLogStore } from '../../../../core/changes/change-log-store';
import type { ChangeRecord, NewChange } from '../../../../core/changes/change-record';
import type { Collections } from '../../../../core/storage/collections';
import type { ItemView } from '../../../../core/items/item';
import { startTestApi, type TestApi } from '../../../support/api-harness';
import { startTestWorker, type TestWorker } from '../../../support/worker-harness';
import { waitUntil } from '../../../support/wait-until';

export const EXPORT_TEST_ENV = {
  EXPORT_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
  EXPORT_RETRY_DELAYS_MS: '50,100,200',
  EXPORT_DELIVERY_TIMEOUT_MS: '500',
  EXPORT_SWEEP_MS: '1000',
};

/** A change as a test writes it: the record, and the item it leaves (null: deleted). */
export type TestChange = NewChange & { item: ItemView | null };

export interface ExportFixture {
  api: TestApi;
  worker: TestWorker;
  log: ChangeLogStore;
  /**
   * Leaves each item as its change says (at the change's version), appends the records and tells
   * the export's listener, as an item write does; without a funnel, so that a test chooses the
   * versions. Readers get each record with its item as it is then (docs/changes.md).
   */
  write(tenant: string, changes: TestChange[]): Promise<void>;
  close(): Promise<void>;
}

export async function startExportFixture(
  label: string,
  overrides: Record<string, string> = {},
): Promise<ExportFixture> {
  const env = { ...EXPORT_TEST_ENV, ...overrides };
  const api = await startTestApi(label, env);
  const worker = await startTestWorker({ ...api.env, ...env });
  const log = new ChangeLogStore(api.context.db, worker.composed.engine.changeBatches);
  return {
    api,
    worker,
    log,
    async write(tenant, changes) {
      const written = await applyChanges(api.context.db, log, tenant, changes);
      const head = written.at(-1)?.seq ?? 0;
      worker.composed.exports.changeListener.changed(tenant, head);
    },
    async close() {
      await worker.stop();
      await api.close();
    },
  };
}

/**
 * Leaves each item as its change says (at the change's version) and appends the records, as an
 * item write does, but with the versions the test chose.
 */
export async function applyChanges(
  db: Pick<Collections, 'items' | 'itemTombstones'>,
  log: ChangeLogStore,
  tenant: string,
  changes: TestChange[],
): Promise<ChangeRecord[]> {
  for (const { item, ...change } of changes) {
    const scope = { tenant, contentType: change.contentType };
    const _id = `${tenant}:${change.contentType}:${change.identifier}`;
    if (item === null) {
      await db.items.deleteOne({ _id });
      const expiresAt = new Date(Date.now() + 86_400_000);
      const tombstone = {
        ...scope,
        receivedAt: change.at,
        sequence: change.version,
        version: change.version,
        expiresAt,
      };
      await db.itemTombstones.replaceOne({ _id }, tombstone, { upsert: true });
      continue;
    }
    const document = {
      ...scope,
      ...item,
      identifierLower: item.identifier.toLowerCase(),
      createdAt: new Date(item.createdAt),
      updatedAt: new Date(item.updatedAt),
      receivedAt: change.at,
      sequence: change.version,
      version: change.version,
      funnelId: 'export-fixture',
    };
    await db.items.replaceOne({ _id }, document, { upsert: true });
  }
  return log.append(
    tenant,
    changes.map(({ item: _item, ...change }) => change),
  );
}

export function change(
  identifier: string,
  version: number,
  options: { contentType?: string; event?: NewChange['event'] } = {},
): TestChange {
  const at = new Date();
  const event = options.event ?? (version === 1 ? 'created' : 'updated');
  return {
    event,
    contentType: options.contentType ?? 'products',
    identifier,
    version,
    item:
      event === 'deleted'
        ? null
        : {
            identifier,
            name: `${identifier} v${version}`,
            image: null,
            parent: null,
            properties: { version },
            createdAt: at.toISOString(),
            updatedAt: at.toISOString(),
          },
    at,
  };
}

export async function createContentType(api: TestApi, token: string, key = 'products') {
  const put = await api.call('PUT', `/api/v1/settings/content-types/${key}`, {
    token,
    body: { name: key, kind: 'product', properties: [] },
  });
  if (put.status !== 201 && put.status !== 200) throw new Error(`content type: ${put.status}`);
}

export async function createExport(
  api: TestApi,
  token: string,
  body: Record<string, unknown>,
): Promise<{ id: string; secret: string }> {
  const created = await api.call<{ id: string; secret: string }>(
    'POST',
    '/api/v1/settings/exports',
    { token, body: { name: 'receiver', contentTypes: ['products'], ...body } },
  );
  if (created.status !== 201)
    throw new Error(`export: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

/** Polls until `check` holds (bounded), failing with `what`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  await waitUntil(check, (ok) => ok, { what, timeoutMs });
}
