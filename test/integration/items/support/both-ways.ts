/**
 * The same requests written two ways, to two tenants of one store: as one group
 * (`upsertRequests`) and one request at a time (`upsert`), after the same earlier writes and
 * deletes. What each way leaves (items, changes) is then compared.
 */
import type { ItemChange, ItemChangeSink } from '../../../../core/items/item-change';
import type { ItemCollections } from '../../../../core/items/item-collections';
import type { ItemStore, ItemWrite, RequestWrites } from '../../../../core/items/item-store';
import type { Receipt } from '../../../../core/redis/receipt-sequence';

export const GROUP_TENANT = 'group';
export const ONE_BY_ONE_TENANT = 'single';

/** A write or delete that runs before the requests, on both tenants alike. */
export type Step =
  { upsert: ItemWrite[]; receipt: Receipt } | { delete: string[]; receipt: Receipt };

/** Keeps, per tenant, what it is told and how many times; can fail as a dying worker would. */
export class TenantSink implements ItemChangeSink {
  private readonly recorded = new Map<string, { calls: number; changes: ItemChange[] }>();
  failNext = false;

  record(
    scope: { tenant: string; contentType: string },
    changes: readonly ItemChange[],
  ): Promise<() => void> {
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('the worker died'));
    }
    const entry = this.recorded.get(scope.tenant) ?? { calls: 0, changes: [] };
    entry.calls += 1;
    entry.changes.push(...changes);
    this.recorded.set(scope.tenant, entry);
    return Promise.resolve(() => undefined);
  }

  /** What the tenant's writes recorded since the last take, as `event identifier vN`. */
  take(tenant: string): { calls: number; changes: string[] } {
    const entry = this.recorded.get(tenant) ?? { calls: 0, changes: [] };
    this.recorded.delete(tenant);
    const changes = entry.changes.map(
      (change) => `${change.event} ${change.identifier} v${change.version}`,
    );
    return { calls: entry.calls, changes };
  }
}

export interface Outcome {
  /** The content type's items, by identifier, without what differs by tenant or time of writing. */
  items: Record<string, unknown>[];
  /** The changes recorded, in order. */
  changes: string[];
  /** The changes of each identifier, in order. */
  changesPerItem: Record<string, string[]>;
  /** How many times the sink was called. */
  sinkCalls: number;
}

export async function runSteps(
  store: ItemStore,
  tenant: string,
  contentType: string,
  steps: readonly Step[],
): Promise<void> {
  for (const step of steps) {
    if ('upsert' in step) await store.upsert(tenant, contentType, step.upsert, step.receipt);
    else await store.delete(tenant, contentType, step.delete, step.receipt);
  }
}

async function outcomeOf(
  db: ItemCollections,
  sink: TenantSink,
  tenant: string,
  contentType: string,
): Promise<Outcome> {
  const stored = await db.items.find({ tenant, contentType }).toArray();
  const items = stored
    .sort((a, b) => (a.identifier < b.identifier ? -1 : 1))
    .map(({ _id, tenant: _tenant, createdAt, updatedAt, ...item }) => item);
  const { calls, changes } = sink.take(tenant);
  const changesPerItem: Record<string, string[]> = {};
  for (const change of changes) {
    const identifier = change.split(' ')[1] ?? '';
    (changesPerItem[identifier] ??= []).push(change);
  }
  return { items, changes, changesPerItem, sinkCalls: calls };
}

/** Runs `before`, then the requests both ways; answers what each way left. */
export async function bothWays(
  store: ItemStore,
  db: ItemCollections,
  sink: TenantSink,
  contentType: string,
  before: readonly Step[],
  requests: readonly RequestWrites[],
): Promise<{ group: Outcome; oneByOne: Outcome }> {
  for (const tenant of [GROUP_TENANT, ONE_BY_ONE_TENANT]) {
    await runSteps(store, tenant, contentType, before);
    sink.take(tenant);
  }
  await store.upsertRequests(GROUP_TENANT, contentType, requests);
  for (const { writes, receipt } of requests) {
    await store.upsert(ONE_BY_ONE_TENANT, contentType, [...writes], receipt);
  }
  return {
    group: await outcomeOf(db, sink, GROUP_TENANT, contentType),
    oneByOne: await outcomeOf(db, sink, ONE_BY_ONE_TENANT, contentType),
  };
}
