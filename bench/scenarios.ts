/**
 * The benchmark's scenarios (bench/README.md), run in order on one stack; each figure is the median
 * of the measured runs, every raw run is kept for the JSON file. The floor runs beside the product,
 * run for run, so that both see the same engine in the same state.
 */
import { mongo as driver } from 'mongoose';
import { runBatch, batchBody, type BatchRun } from './batch';
import { runChunking, type ChunkingConfiguration } from './chunking';
import { runExport, type ExportRun } from './export-run';
import type { BenchContext } from './context';
import type { ScenarioName } from './options';
import type { FloorReport } from './floor';
import {
  runFloorBatch,
  runFloorInFlight,
  runFloorSingle,
  type FloorInFlightRun,
  type FloorSingleRun,
} from './floor-run';
import { runFullSync, type SyncRun } from './full-sync';
import { runLatency, type LatencyRun } from './latency';
import { runNaive, type NaiveRun } from './naive-run';
import { runNoisyNeighbour, type NoisyNeighbourRun } from './noisy-neighbour';
import { repeat } from './repeat';
import { runScaling, type ScalingRun } from './scaling';
import { medianOf } from './stats';
import { resetStore, storedItems } from './store-reset';
import { sendUnmeasured, warmUp } from './warm-up';
import { makeItems, newItemDocument, runId } from './workload';
import type { ItemDocument } from '../core/items/item';

export interface Measured<T> {
  median: T;
  runs: T[];
}

type FloorBatch = Pick<FloorReport, 'items' | 'wallMs' | 'cpuMs'>;

export interface Results {
  latency?: {
    c1: Measured<LatencyRun>;
    c32: Measured<LatencyRun>;
    /** The same requests to an API beside it that takes every request alone (GROUPING_OFF). */
    c1Alone: Measured<LatencyRun>;
    c32Alone: Measured<LatencyRun>;
    /** `insertOne`s, BURST_CONCURRENCY in flight; run i measured right after `c32` run i. */
    floorC32: Measured<FloorInFlightRun>;
    /** The floor's single write as the product does it on this engine (insert on FerretDB). */
    floorSingle: Measured<FloorSingleRun>;
    /** A single `_id` upsert: what the single-item goal compares with. */
    floorSingleUpsert: Measured<FloorSingleRun>;
  };
  batch?: Record<'1000' | '10000', { product: Measured<BatchRun>; floor: Measured<FloorBatch> }>;
  floorMode?: string;
  naive?: { size: number; naive: Measured<NaiveRun> };
  growth?: { product: Measured<BatchRun>; floor: Measured<FloorBatch> };
  scaling?: { workers: number; measured: Measured<ScalingRun> }[];
  /** Scenario 9: a 10,000-item request by chunk jobs on 1 and 2 workers, and by one job. */
  chunked?: (ChunkingConfiguration & { measured: Measured<BatchRun> })[];
  storeSize?: { stored: number; batch: Measured<BatchRun>; single: Measured<LatencyRun> };
  /** Scenario 10: a full sync's commit, beside a DELETE of the same identifiers. */
  fullSync?: {
    items: number;
    deletes: number;
    commit: Measured<SyncRun>;
    delete: Measured<SyncRun>;
  };
  /** Scenario 11: another tenant's queued batches beside single items (docs/fairness.md). */
  noisyNeighbour?: NoisyNeighbourRun;
  /** Scenario 12: the API export, delivering to a local receiver: each figure's median. */
  export?: ExportRun;
  exportRuns?: ExportRun[];
  /** Scenario -> why it stopped; the others still ran. */
  failures?: Record<string, string>;
}

/** Runs of the export scenario at most. */
const EXPORT_RUNS = 3;

/** Single-item requests per store-size run: each reads the whole content type on FerretDB. */
const STORE_SIZE_SINGLES = 3;

const measured = <T extends { [K in keyof T]: number }>(runs: T[]): Measured<T> => ({
  median: medianOf(runs),
  runs,
});

const floorFigures = (report: FloorReport): FloorBatch => ({
  items: report.items,
  wallMs: report.wallMs,
  cpuMs: report.cpuMs,
});

/** Worker processes while a request's cost is measured (scenarios 2, 6 and 7). */
export const COST_WORKERS = 1;

/**
 * Product and floor, alternating run by run, on an emptied store each time. A request's cost is
 * measured the way the floor's write is (warm-up.ts): warm, the worker having run the batch as
 * often as the floor process does before its measured write; and hot, each measured request
 * following an unmeasured one in the same processes, as the floor's measured write follows its
 * warm-up rounds. On this kind of machine a process that sat idle for half a second spends 50 to
 * 100% more CPU on its next batch (its caches gone cold: a plain JSON loop shows it too), so a
 * request that found its worker idle would be compared with a floor that was not. Hence one
 * worker: BullMQ hands consecutive jobs to the worker that has waited longest, so with two the
 * measured request would go to the idle one. A request that is not chunked is written by one
 * worker whatever their number.
 */
async function productAndFloor(context: BenchContext, size: number, runs: number, warmup: number) {
  await context.stack.setWorkers(COST_WORKERS);
  try {
    await warmUp(context, size);
    const product: BatchRun[] = [];
    const floor: FloorBatch[] = [];
    let mode = '';
    await repeat(context, `batch ${size}`, { warmup, runs }, async () => {
      await sendUnmeasured(context, size);
      await resetStore(context.mongo);
      product.push(await runBatch(context, size));
      await resetStore(context.mongo);
      const report = await runFloorBatch(context, batchBody(size));
      mode = report.mode;
      floor.push(floorFigures(report));
    });
    // The warm-up runs are the first ones.
    return {
      product: measured(product.slice(warmup)),
      floor: measured(floor.slice(warmup)),
      mode,
    };
  } finally {
    await context.stack.setWorkers(context.options.workers);
  }
}

/** Connections of the concurrent single-item runs, and commands in flight of their floor. */
export const BURST_CONCURRENCY = 32;

/**
 * The API variant that processes every request alone, however many arrive together: what
 * single items cost without grouping, measured beside the default in the same run.
 */
export const GROUPING_OFF: Record<string, string> = { GROUP_MAX_REQUESTS: '1' };

/**
 * Single items at c=1 and c=32, each to the stack's API and to a second API with GROUPING_OFF
 * (same workers, queue and database), and the floor's BURST_CONCURRENCY `insertOne`s in flight
 * right after each c=32 run of the stack's API: every round has all five, on an emptied store
 * each, so that the pairs compared see the same machine.
 */
async function singleItemRounds(context: BenchContext) {
  const { options } = context;
  const n = options.latencyRequests;
  const burst = options.burstRequests;
  const alone = await context.stack.startApiVariant('api alone', GROUPING_OFF);
  const aloneApi = { baseUrl: alone.baseUrl, pid: alone.pid };
  const runs = {
    c1: [] as LatencyRun[],
    c1Alone: [] as LatencyRun[],
    c32: [] as LatencyRun[],
    floorC32: [] as FloorInFlightRun[],
    c32Alone: [] as LatencyRun[],
  };
  try {
    await repeat(context, 'single items, c=1 and c=32, grouped and alone', options, async () => {
      runs.c1.push(await runLatency(context, 1, n));
      await resetStore(context.mongo);
      runs.c1Alone.push(await runLatency(context, 1, n, aloneApi));
      await resetStore(context.mongo);
      runs.c32.push(await runLatency(context, BURST_CONCURRENCY, burst));
      await resetStore(context.mongo);
      runs.floorC32.push(await runFloorInFlight(context, burst, BURST_CONCURRENCY));
      await resetStore(context.mongo);
      runs.c32Alone.push(await runLatency(context, BURST_CONCURRENCY, burst, aloneApi));
    });
  } finally {
    await context.stack.stopApiVariant(alone);
  }
  // The warm-up rounds are the first ones.
  const kept = <T extends { [K in keyof T]: number }>(all: T[]) =>
    measured(all.slice(options.warmup));
  return {
    c1: kept(runs.c1),
    c1Alone: kept(runs.c1Alone),
    c32: kept(runs.c32),
    floorC32: kept(runs.floorC32),
    c32Alone: kept(runs.c32Alone),
  };
}

async function latency(context: BenchContext): Promise<Results['latency']> {
  const { options } = context;
  const n = options.latencyRequests;
  const singles = await singleItemRounds(context);
  const floorSingle = await repeat(context, 'floor single write', options, () =>
    runFloorSingle(context, n, 'auto'),
  );
  const floorSingleUpsert = await repeat(context, 'floor single upsert', options, () =>
    runFloorSingle(context, n, 'upsert'),
  );
  const strip = ({ mode: _mode, ...figures }: FloorSingleRun) => figures;
  const withMode = (runs: FloorSingleRun[]): Measured<FloorSingleRun> => ({
    median: { mode: runs[0]?.mode ?? 'insert', ...medianOf(runs.map(strip)) },
    runs,
  });
  return {
    ...singles,
    floorSingle: withMode(floorSingle),
    floorSingleUpsert: withMode(floorSingleUpsert),
  };
}

/** Fills the store with `count` items of the target's content type, in slices. */
async function fillStore(context: BenchContext, count: number): Promise<void> {
  const client = await driver.MongoClient.connect(context.engines.mongoUrl, { appName: 'bench' });
  try {
    const items = client.db().collection<ItemDocument>('items');
    const { tenant, contentType } = context.target;
    const now = new Date();
    for (let start = 0; start < count; start += 10_000) {
      const slice = makeItems(runId(), Math.min(10_000, count - start));
      await items.insertMany(
        slice.map((item) => newItemDocument(tenant, contentType, item, now, now)),
        { ordered: false },
      );
    }
  } finally {
    await client.close();
  }
}

async function storeSize(context: BenchContext): Promise<Results['storeSize']> {
  const { options } = context;
  await resetStore(context.mongo);
  context.log(`store size: filling the store with ${options.storeSize} items`);
  await fillStore(context, options.storeSize);
  const stored = await storedItems(context.mongo);
  const counts = { warmup: 0, runs: options.runs, reset: false };
  const batch = await repeat(context, `1,000 items into a store of ${stored}`, counts, () =>
    runBatch(context, 1_000),
  );
  const single = await repeat(context, `single items into a store of ${stored}`, counts, () =>
    runLatency(context, 1, STORE_SIZE_SINGLES),
  );
  return { stored, batch: measured(batch), single: measured(single) };
}

export async function runScenarios(context: BenchContext): Promise<Results> {
  const { options } = context;
  const wanted = new Set(options.only);
  const results: Results = {};
  // A scenario that fails is reported and the next one runs: one hung request costs one row.
  const run = async (name: ScenarioName, scenario: () => Promise<void>) => {
    if (!wanted.has(name)) return;
    try {
      await scenario();
    } catch (error) {
      const cause = (error as Error).cause as Error | undefined;
      const message = `${(error as Error).message}${cause ? ` (${cause.message})` : ''}`;
      context.log(`${name} failed: ${message}`);
      results.failures = { ...results.failures, [name]: message };
      await context.stack.setWorkers(options.workers).catch(() => undefined);
    }
  };
  await run('latency', async () => {
    results.latency = await latency(context);
  });
  await run('batch', async () => {
    const small = await productAndFloor(context, 1_000, options.runs, options.warmup);
    const large = await productAndFloor(context, 10_000, options.runs, options.warmup);
    results.floorMode = large.mode;
    results.batch = {
      '1000': { product: small.product, floor: small.floor },
      '10000': { product: large.product, floor: large.floor },
    };
  });
  await run('naive', async () => {
    const runs = await runNaive(context, 1_000, options);
    results.naive = { size: 1_000, naive: measured(runs) };
  });
  await run('growth', async () => {
    const growth = await productAndFloor(context, 50_000, options.growthRuns, 0);
    results.floorMode ??= growth.mode;
    results.growth = { product: growth.product, floor: growth.floor };
  });
  await run('scaling', async () => {
    const all = await runScaling(context);
    results.scaling = all.map((runs, i) => ({
      workers: options.scalingWorkers[i] ?? 0,
      measured: measured(runs),
    }));
  });
  await run('chunked', async () => {
    const all = await runChunking(context);
    results.chunked = all.map(({ configuration, runs }) => ({
      ...configuration,
      measured: measured(runs),
    }));
  });
  await run('store-size', async () => {
    results.storeSize = await storeSize(context);
  });
  await run('full-sync', async () => {
    // Each run deletes 1,000 of 100,000 items twice: three runs make a median.
    const runs = await runFullSync(context, Math.min(options.runs, 3));
    results.fullSync = {
      items: runs.items,
      deletes: runs.deletes,
      commit: measured(runs.commit),
      delete: measured(runs.delete),
    };
  });

  await run('noisy-neighbour', async () => {
    results.noisyNeighbour = await runNoisyNeighbour(context);
  });

  await run('export', async () => {
    // Each run takes some 40 s: at most EXPORT_RUNS of them, medians of each figure.
    const counts = { warmup: 0, runs: Math.min(context.options.runs, EXPORT_RUNS) };
    const runs = await repeat(context, 'export', counts, () => runExport(context));
    results.export = medianOf(runs);
    results.exportRuns = runs;
  });
  return results;
}
