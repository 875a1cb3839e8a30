/**
 * Scenario 10, the API export: changes delivered per second to a local receiver in batches of 50
 * (beside the receiver's own rate for POSTs of 50 changes from the bench, the reference), and the
 * lag from a change's write to its arrival at a steady 1,000 changes per second. New items are
 * inserted and their records appended to the change log as the item writes do, and the export's
 * dispatch is woken as the writes' listener does. Every change is a new item: the export sends an
 * item's latest state, so changes of one item that wait together arrive as one.
 */
import { Redis } from 'ioredis';
import { performance } from 'node:perf_hooks';
import { ChangeLogStore } from '../core/changes/change-log-store';
import type { NewChange } from '../core/changes/change-record';
import { changeView } from '../core/changes/change-record';
import { ExportQueue } from '../core/export/export-queue';
import { collections } from '../core/store/collections';
import { itemView, type ItemDocument } from '../core/items/item';
import { MONGODB_TRAITS } from '../core/mongo/engine';
import { runBatch } from './batch';
import type { BenchContext } from './context';
import { rawPostRate, startBenchReceiver } from './export-receiver';
import { percentile } from './stats';

export interface ExportRun {
  changes: number;
  /** Changes of the backlog that arrived within the bound (all of them, unless the rate is low). */
  arrived: number;
  /** From waking the dispatch of a backlog to the last change's arrival. */
  wallMs: number;
  changesPerSecond: number;
  /** The receiver taking POSTs of 50 changes from the bench itself, 4 at a time. */
  referencePerSecond: number;
  /** Lag from each change's write to its arrival, at `steadyRate` changes per second. */
  steadyRate: number;
  lagP50Ms: number;
  lagP99Ms: number;
  /** Items/s of a 10,000-item request with the export active, and paused: medians, alternated. */
  ingestActivePerSecond: number;
  ingestPausedPerSecond: number;
}

const BATCH = 50;
const BACKLOG = 10_000;
const STEADY_RATE = 1_000;
const STEADY_SECONDS = 10;
const TICK_MS = 100;
/** Pairs of 10,000-item requests, one with the export paused and one with it active. */
const INGEST_ROUNDS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function changeOf(identifier: string, at = new Date()): NewChange {
  return { event: 'created', contentType: 'bench-products', identifier, version: 1, at };
}

/** The item a change of `changeOf` leaves. */
function itemOf(tenant: string, change: NewChange): ItemDocument {
  const { contentType, identifier, at } = change;
  return {
    _id: `${tenant}:${contentType}:${identifier}`,
    tenant,
    contentType,
    identifier,
    identifierLower: identifier.toLowerCase(),
    name: `Product ${identifier}`,
    image: null,
    parent: null,
    properties: { price: 1, color: 'red', sizes: ['S', 'M'] },
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
}

/** Waits for `check` up to `timeoutMs`; answers whether it came true. */
async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/** How long the backlog and the steady changes may take: a slow run still reports its rate. */
const BACKLOG_BOUND_MS = 180_000;
const STEADY_BOUND_MS = 60_000;

export async function runExport(context: BenchContext): Promise<ExportRun> {
  const { target } = context;
  const receiver = await startBenchReceiver();
  const redis = new Redis(context.engines.redisUrl, { maxRetriesPerRequest: null });
  const queue = new ExportQueue(redis, context.engines.queuePrefix);
  const db = collections(context.mongo);
  const log = new ChangeLogStore(db, MONGODB_TRAITS);
  const write = async (changes: NewChange[]) => {
    await db.items.insertMany(changes.map((change) => itemOf(context.target.tenant, change)));
    await log.append(context.target.tenant, changes);
  };
  const settings = `${target.baseUrl}/api/v1/settings/exports`;
  const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  let exportId: string | undefined;
  try {
    const sample = JSON.stringify({
      type: 'items.changed',
      exportId: 'reference',
      changes: Array.from({ length: BATCH }, (_, i) =>
        changeView({
          ...changeOf(`R-${i}`),
          tenant: '',
          seq: i + 1,
          item: itemView(itemOf('', changeOf(`R-${i}`))),
        }),
      ),
    });
    context.log('export: the reference, POSTs of 50 changes straight to the receiver');
    const referencePerSecond = await rawPostRate(receiver, () => sample, {
      posts: 1_000,
      inFlight: 4,
      batch: BATCH,
    });
    receiver.arrivals.clear();

    const created = await fetch(settings, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'bench',
        url: receiver.url,
        contentTypes: [target.contentType],
        batchSize: BATCH,
      }),
    });
    if (created.status !== 201) throw new Error(`export: create answered ${created.status}`);
    exportId = ((await created.json()) as { id: string }).id;
    const wake = () => queue.dispatch({ tenant: target.tenant, exportId: exportId as string });

    context.log(`export: a backlog of ${BACKLOG} changes`);
    for (let start = 0; start < BACKLOG; start += 1_000) {
      await write(Array.from({ length: 1_000 }, (_, i) => changeOf(`B-${start + i}`)));
    }
    const started = performance.now();
    await wake();
    await until(() => receiver.arrivals.size >= BACKLOG, BACKLOG_BOUND_MS);
    const wallMs = performance.now() - started;
    const arrived = receiver.arrivals.size;

    context.log(`export: ${STEADY_RATE} changes/s for ${STEADY_SECONDS} s`);
    const written = new Map<string, number>();
    const perTick = (STEADY_RATE * TICK_MS) / 1000;
    const begin = Date.now();
    for (let tick = 0; tick < (STEADY_SECONDS * 1000) / TICK_MS; tick += 1) {
      const at = new Date();
      const batch = Array.from({ length: perTick }, (_, i) => changeOf(`S-${tick}-${i}`, at));
      await write(batch);
      for (const change of batch) written.set(`${change.identifier}@1`, at.getTime());
      await wake();
      const due = begin + (tick + 1) * TICK_MS;
      await sleep(Math.max(0, due - Date.now()));
    }
    await until(
      () => [...written.keys()].every((key) => receiver.arrivals.has(key)),
      STEADY_BOUND_MS,
    );
    context.log('export: 10,000-item requests with the export active and paused, alternated');
    const active: number[] = [];
    const paused: number[] = [];
    for (let round = 0; round < INGEST_ROUNDS; round += 1) {
      for (const state of [false, true]) {
        await fetch(`${settings}/${exportId}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ active: state }),
        });
        const run = await runBatch(context, 10_000);
        (state ? active : paused).push(run.itemsPerSecond);
      }
    }
    // A change that never arrived counts as late as can be.
    const lags = [...written.entries()].map(
      ([key, at]) => (receiver.arrivals.get(key) ?? Infinity) - at,
    );
    return {
      changes: BACKLOG,
      arrived,
      wallMs,
      changesPerSecond: (arrived / wallMs) * 1000,
      referencePerSecond,
      steadyRate: STEADY_RATE,
      lagP50Ms: percentile(lags, 50),
      lagP99Ms: percentile(lags, 99),
      ingestActivePerSecond: percentile(active, 50),
      ingestPausedPerSecond: percentile(paused, 50),
    };
  } finally {
    if (exportId) await fetch(`${settings}/${exportId}`, { method: 'DELETE', headers });
    await queue.close();
    redis.disconnect();
    await receiver.close();
  }
}
