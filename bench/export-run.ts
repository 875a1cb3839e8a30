/**
 * Scenario 10, the API export: changes delivered per second to a local receiver in batches of 50
 * (beside the receiver's own rate for POSTs of 50 changes from the bench, the reference), and the
 * lag from a change's write to its arrival at a steady 1,000 changes per second. Changes are
 * appended to the change log as the item writes append them, and the export's dispatch is woken
 * as the writes' listener does.
 */
import { Redis } from 'ioredis';
import { performance } from 'node:perf_hooks';
import { ChangeLogStore } from '../core/changes/change-log-store';
import type { NewChange } from '../core/changes/change-record';
import { changeView } from '../core/changes/change-record';
import { ExportQueue } from '../core/export/export-queue';
import { collections } from '../core/store/collections';
import type { BenchContext } from './context';
import { rawPostRate, startBenchReceiver } from './export-receiver';
import { percentile } from './stats';

export interface ExportRun {
  changes: number;
  /** From waking the dispatch of a backlog to the last change's arrival. */
  wallMs: number;
  changesPerSecond: number;
  /** The receiver taking POSTs of 50 changes from the bench itself, 4 at a time. */
  referencePerSecond: number;
  /** Lag from each change's write to its arrival, at `steadyRate` changes per second. */
  steadyRate: number;
  lagP50Ms: number;
  lagP99Ms: number;
}

const BATCH = 50;
const BACKLOG = 10_000;
const ITEMS = 1_000;
const STEADY_RATE = 1_000;
const STEADY_SECONDS = 10;
const TICK_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function changeOf(identifier: string, version: number, at = new Date()): NewChange {
  return {
    event: version === 1 ? 'created' : 'updated',
    contentType: 'bench-products',
    identifier,
    version,
    item: {
      identifier,
      name: `Product ${identifier}`,
      image: null,
      parent: null,
      properties: { price: version, color: 'red', sizes: ['S', 'M'] },
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
    },
    at,
  };
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`export: waited ${timeoutMs} ms for ${what}`);
    await sleep(20);
  }
}

export async function runExport(context: BenchContext): Promise<ExportRun> {
  const { target } = context;
  const receiver = await startBenchReceiver();
  const redis = new Redis(context.engines.redisUrl, { maxRetriesPerRequest: null });
  const queue = new ExportQueue(redis, context.engines.queuePrefix);
  const log = new ChangeLogStore(collections(context.mongo));
  const settings = `${target.baseUrl}/api/v1/settings/exports`;
  const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  let exportId: string | undefined;
  try {
    const sample = JSON.stringify({
      type: 'items.changed',
      exportId: 'reference',
      changes: Array.from({ length: BATCH }, (_, i) =>
        changeView({ ...changeOf(`R-${i}`, 1), _id: '', tenant: '', seq: i + 1 }),
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
      const batch = Array.from({ length: 1_000 }, (_, i) => {
        const n = start + i;
        return changeOf(`B-${n % ITEMS}`, Math.floor(n / ITEMS) + 1);
      });
      await log.append(target.tenant, batch);
    }
    const started = performance.now();
    await wake();
    await until(() => receiver.arrivals.size >= BACKLOG, 300_000, 'the backlog');
    const wallMs = performance.now() - started;

    context.log(`export: ${STEADY_RATE} changes/s for ${STEADY_SECONDS} s`);
    const written = new Map<string, number>();
    const perTick = (STEADY_RATE * TICK_MS) / 1000;
    const begin = Date.now();
    for (let tick = 0; tick < (STEADY_SECONDS * 1000) / TICK_MS; tick += 1) {
      const at = new Date();
      const batch = Array.from({ length: perTick }, (_, i) => changeOf(`S-${tick}-${i}`, 1, at));
      await log.append(target.tenant, batch);
      for (const change of batch) written.set(`${change.identifier}@1`, at.getTime());
      await wake();
      const due = begin + (tick + 1) * TICK_MS;
      await sleep(Math.max(0, due - Date.now()));
    }
    await until(
      () => [...written.keys()].every((key) => receiver.arrivals.has(key)),
      120_000,
      'the steady changes',
    );
    const lags = [...written.entries()].map(([key, at]) => (receiver.arrivals.get(key) ?? at) - at);
    return {
      changes: BACKLOG,
      wallMs,
      changesPerSecond: (BACKLOG / wallMs) * 1000,
      referencePerSecond,
      steadyRate: STEADY_RATE,
      lagP50Ms: percentile(lags, 50),
      lagP99Ms: percentile(lags, 99),
    };
  } finally {
    if (exportId) await fetch(`${settings}/${exportId}`, { method: 'DELETE', headers });
    await queue.close();
    redis.disconnect();
    await receiver.close();
  }
}
