/** An API and a worker on real engines, with exports allowed to reach loopback receivers. */
import { ChangeLogStore } from '../../../../core/changes/change-log-store';
import type { NewChange } from '../../../../core/changes/change-record';
import { startTestApi, type TestApi } from '../../../support/api-harness';
import { startTestWorker, type TestWorker } from '../../../support/worker-harness';
import { waitUntil } from '../../../support/wait-until';

export const EXPORT_TEST_ENV = {
  EXPORT_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
  EXPORT_RETRY_DELAYS_MS: '50,100,200',
  EXPORT_DELIVERY_TIMEOUT_MS: '500',
  EXPORT_SWEEP_MS: '1000',
};

export interface ExportFixture {
  api: TestApi;
  worker: TestWorker;
  log: ChangeLogStore;
  /** Appends the changes and tells the export's listener, as an item write does. */
  write(tenant: string, changes: NewChange[]): Promise<void>;
  close(): Promise<void>;
}

export async function startExportFixture(
  label: string,
  overrides: Record<string, string> = {},
): Promise<ExportFixture> {
  const env = { ...EXPORT_TEST_ENV, ...overrides };
  const api = await startTestApi(label, env);
  const worker = await startTestWorker({ ...api.env, ...env });
  const log = new ChangeLogStore(api.context.db);
  return {
    api,
    worker,
    log,
    async write(tenant, changes) {
      const written = await log.append(tenant, changes);
      const head = written.at(-1)?.seq ?? 0;
      worker.composed.exports.changeListener.changed(tenant, head);
    },
    async close() {
      await worker.stop();
      await api.close();
    },
  };
}

export function change(
  identifier: string,
  version: number,
  options: { contentType?: string; event?: NewChange['event'] } = {},
): NewChange {
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
