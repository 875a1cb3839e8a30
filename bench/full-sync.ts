/**
 * Scenario 10, a full sync's commit: a content type holding `FULL_SYNC_ITEMS` items written by
 * the funnel, a sync that named all but `FULL_SYNC_DELETES` of them, and its commit, which
 * deletes those. Beside it, in the same run and on the same store, the reference: a plain DELETE
 * of the same identifiers. Each is timed by the client (until the sync says committed, when the
 * commit answers 202) with the CPU of our processes and of the database meanwhile.
 *
 * The snapshot's names are stored directly, as its tagged requests would have stored them: what
 * is measured is the commit, not the sending of 99,000 items.
 */
import { performance } from 'node:perf_hooks';
import { mongo as driver } from 'mongoose';
import { processGroups, type BenchContext } from './context';
import { CpuMeter } from './cpu-meter';
import { SETTLE_MS } from './measurement';
import { resetStore } from './store-reset';
import { makeItems, newItemDocument, runId, type SenderItem } from './workload';
import type { ItemDocument } from '../core/items/item';
import type { SyncNamesDocument } from '../core/syncs/sync-collections';

export const FULL_SYNC_ITEMS = 100_000;
export const FULL_SYNC_DELETES = 1_000;

export interface SyncRun {
  wallMs: number;
  ownCpuMs: number;
  databaseCpuMs: number;
}

export interface FullSyncRuns {
  items: number;
  deletes: number;
  commit: SyncRun[];
  delete: SyncRun[];
}

async function call(context: BenchContext, method: string, path: string, body?: unknown) {
  const { baseUrl, token } = context.target;
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(600_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Times `work` and reads the CPU our processes and the database spent on it. */
async function measured(context: BenchContext, work: () => Promise<void>): Promise<SyncRun> {
  const meter = await CpuMeter.start(processGroups(context));
  const started = performance.now();
  await work();
  const wallMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const cpu = await meter.stop();
  const group = (name: string) => cpu.groups[name] ?? 0;
  return {
    wallMs,
    ownCpuMs: group('api') + group('workers'),
    databaseCpuMs: group('database'),
  };
}

export async function runFullSync(context: BenchContext, runs: number): Promise<FullSyncRuns> {
  const { tenant, contentType, endpointUrl, funnelId } = context.target;
  const client = await driver.MongoClient.connect(context.engines.mongoUrl, { appName: 'bench' });
  const items = client.db().collection<ItemDocument>('items');
  const names = client.db().collection<SyncNamesDocument>('sync_names');
  const now = new Date();
  // Written by the funnel before any sync started (the oldest receipt there is).
  const documentOf = (item: SenderItem): ItemDocument => ({
    ...newItemDocument(tenant, contentType, item, now, now),
    funnelId,
    sequence: 1,
  });
  const insert = async (slice: SenderItem[]) => {
    for (let start = 0; start < slice.length; start += 10_000) {
      await items.insertMany(slice.slice(start, start + 10_000).map(documentOf), {
        ordered: false,
      });
    }
  };
  const result: FullSyncRuns = {
    items: FULL_SYNC_ITEMS,
    deletes: FULL_SYNC_DELETES,
    commit: [],
    delete: [],
  };
  try {
    await resetStore(context.mongo);
    const all = makeItems(runId(), FULL_SYNC_ITEMS);
    const gone = all.slice(0, FULL_SYNC_DELETES);
    const kept = all.slice(FULL_SYNC_DELETES).map((item) => item.sku);
    context.log(`full sync: filling the store with ${FULL_SYNC_ITEMS} items`);
    await insert(all);
    const funnelPath = `/funnels/${endpointUrl}`;
    for (let run = 1; run <= runs; run++) {
      context.log(`full sync: run ${run}`);
      const sync = await call(context, 'POST', `${funnelPath}/syncs`);
      const syncId = String(sync.syncId);
      const expiresAt = new Date(String(sync.expiresAt));
      const parts: SyncNamesDocument[] = [];
      for (let start = 0; start < kept.length; start += 10_000) {
        parts.push({
          _id: `${tenant}:${syncId}:bench:${parts.length}`,
          tenant,
          syncId,
          identifiers: kept.slice(start, start + 10_000),
          expiresAt,
        });
      }
      await names.insertMany(parts);

      result.commit.push(
        await measured(context, async () => {
          const answer = await call(context, 'POST', `${funnelPath}/syncs/${syncId}/commit`, {
            maxDeletes: FULL_SYNC_DELETES,
          });
          const data = answer.data as { state?: string; deleted?: number };
          if (data.state === 'committing')
            await committed(context, `${funnelPath}/syncs/${syncId}`);
          else if (data.deleted !== FULL_SYNC_DELETES) {
            throw new Error(`the commit deleted ${data.deleted}, not ${FULL_SYNC_DELETES}`);
          }
        }),
      );

      await insert(gone);
      result.delete.push(
        await measured(context, async () => {
          const answer = await call(context, 'DELETE', funnelPath, {
            identifiers: gone.map((item) => item.sku),
          });
          const deleted = (answer.data as { deletedIds: string[] }).deletedIds.length;
          if (deleted !== FULL_SYNC_DELETES) throw new Error(`the DELETE deleted ${deleted}`);
        }),
      );
      await insert(gone);
    }
  } finally {
    await client.close();
  }
  return result;
}

/** Polls the sync until its commit is done (a commit answered 202). */
async function committed(context: BenchContext, path: string): Promise<void> {
  for (;;) {
    const sync = await call(context, 'GET', path);
    if (sync.state === 'committed') return;
    const commit = sync.commit as { httpStatus: number | null } | null;
    if (sync.state === 'open' && commit?.httpStatus) {
      throw new Error(`the commit ended ${commit.httpStatus}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
