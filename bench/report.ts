/**
 * The one table `npm run bench` prints, with the goals (goals.ts) beside their figures, and the
 * JSON file of the run (machine, engine, options, every raw run, the goals).
 */
import type { SyncRun } from './full-sync';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EngineVersion } from './engines';
import type { GoalResult } from './goals';
import type { MachineInfo } from './machine';
import type { BenchOptions } from './options';
import { RESULTS_DIR } from './paths';
import type { ProfileReport } from './profiling';
import type { Revision } from './revision';
import { BACKLOG, NOISY_ITEMS } from './noisy-neighbour';
import {
  BURST_CONCURRENCY,
  COST_WORKERS,
  GROUPING_OFF,
  type Measured,
  type Results,
} from './scenarios';
import { pairedMedian } from './stats';

/** How the API variant without grouping was started, for the rows' names. */
const aloneEnv = Object.entries(GROUPING_OFF)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ');

type Row = [scenario: string, figure: string, value: string, goal: string, result: string];

const n = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (value: number) => `${n(value, value < 100 ? 1 : 0)} ms`;
const mb = (value: number) => `${n(value)} MB`;

const signedMs = (value: number) => `${value < 0 ? '−' : '+'}${ms(Math.abs(value))}`;

/** Grouped against alone, each pair measured in the same round (stats.ts says why). */
function paired<T>(grouped: Measured<T>, alone: Measured<T>, combine: (g: T, a: T) => number) {
  return pairedMedian(grouped.runs, alone.runs, combine);
}

function goalCells(goals: GoalResult[], id: string): [string, string] {
  const goal = goals.find((entry) => entry.id === id);
  if (!goal) return ['', ''];
  const result = goal.status === 'not measured' ? goal.status : `${goal.status}: ${goal.figure}`;
  return [goal.goal, goal.note ? `${result} (${goal.note})` : result];
}

function rows(results: Results, goals: GoalResult[], floorMode: string): Row[] {
  const out: Row[] = [];
  const floorCall = floorMode === 'insert' ? 'bulkWrite inserts' : 'bulkWrite upserts';
  const { latency, batch, naive, growth, scaling, chunked, storeSize } = results;
  // What a request costs is measured with COST_WORKERS workers (scenarios.ts says why).
  const oneWorker = ` (${COST_WORKERS} worker${COST_WORKERS === 1 ? '' : 's'})`;
  if (latency) out.push(...singleItemRows(latency, goals));
  if (batch) {
    for (const size of ['1000', '10000'] as const) {
      const { product, floor } = batch[size];
      const p = product.median;
      out.push([
        `2 batch ${n(Number(size))}${oneWorker}`,
        'wall; items/s; CPU API+workers',
        `${ms(p.wallMs)}; ${n(p.itemsPerSecond)}/s; ${ms(p.ownCpuMs)} (API ${ms(p.apiCpuMs)}, workers ${ms(p.workerCpuMs)}); database ${ms(p.databaseCpuMs)}`,
        '',
        '',
      ]);
      out.push([
        `3 floor ${n(Number(size))} (${floorCall})`,
        'wall; CPU of the process',
        `${ms(floor.median.wallMs)}; ${ms(floor.median.cpuMs)}`,
        '',
        '',
      ]);
    }
    out.push(['2÷3 batch 10,000 vs floor', 'CPU ratio', '', ...goalCells(goals, 'cpu-ratio')]);
    out.push(['2÷3 batch 10,000 vs floor', 'wall ratio', '', ...goalCells(goals, 'wall-ratio')]);
  }
  if (naive) {
    const v = naive.naive.median;
    out.push([
      `4 naive route ${n(naive.size)}`,
      'wall; items/s; CPU',
      `${ms(v.wallMs)}; ${n(v.itemsPerSecond)}/s; ${ms(v.cpuMs)}; database ${ms(v.databaseCpuMs)}`,
      ...goalCells(goals, 'naive'),
    ]);
  }
  if (scaling) {
    for (const { workers, measured } of scaling) {
      const s = measured.median;
      out.push([
        `5 scaling, ${workers} worker${workers === 1 ? '' : 's'}`,
        'items/s; cores busy',
        `${n(s.itemsPerSecond)}/s; API ${n(s.apiCores, 2)}, workers ${n(s.workersCores, 2)} ` +
          `(busiest ${n(s.busiestWorkerCores, 2)}), Redis ${n(s.redisCores, 2)}, database ` +
          `${n(s.databaseCores, 2)}, bench ${n(s.benchCores, 2)}, others ${n(s.otherCores, 2)}; machine ${n(s.machineBusyCores, 2)}`,
        ...(workers === 2 ? goalCells(goals, 'scaling') : (['', ''] as const)),
      ]);
    }
  }
  if (growth) {
    const g = growth.product.median;
    out.push([
      `6 growth, 50,000${oneWorker}`,
      'wall; items/s; CPU API+workers',
      `${ms(g.wallMs)}; ${n(g.itemsPerSecond)}/s; ${ms(g.ownCpuMs)} (API ${ms(g.apiCpuMs)}, workers ${ms(g.workerCpuMs)}); database ${ms(g.databaseCpuMs)}`,
      ...goalCells(goals, 'growth'),
    ]);
    out.push([
      `6 floor 50,000 (${floorCall})`,
      'wall; CPU of the process',
      `${ms(growth.floor.median.wallMs)}; ${ms(growth.floor.median.cpuMs)}`,
      '',
      '',
    ]);
  }
  if (batch) {
    const runs = batch['10000'].product.runs;
    out.push([
      `7 memory, batch 10,000${oneWorker}`,
      'peak RSS (max of runs)',
      `API ${mb(Math.max(...runs.map((r) => r.apiPeakRssMb)))} (${mb(Math.max(...runs.map((r) => r.apiRssBeforeMb)))} before), ` +
        `worker ${mb(Math.max(...runs.map((r) => r.workerPeakRssMb)))} (${mb(Math.max(...runs.map((r) => r.workerRssBeforeMb)))} before)`,
      ...goalCells(goals, 'rss'),
    ]);
  }
  if (storeSize) {
    const b = storeSize.batch.median;
    const s = storeSize.single.median;
    out.push([
      `8 1,000 items, store of ${n(storeSize.stored)}`,
      'wall; CPU API+workers',
      `${ms(b.wallMs)}; ${ms(b.ownCpuMs)}; database ${ms(b.databaseCpuMs)}`,
      'none: what FerretDB costs with a',
      '',
    ]);
    out.push([
      `8 single item, store of ${n(storeSize.stored)}`,
      'p50 / p95 / p99',
      `${ms(s.p50Ms)} / ${ms(s.p95Ms)} / ${ms(s.p99Ms)}; CPU/req ${ms(s.ownCpuMsPerRequest)} ours, ${ms(s.databaseCpuMsPerRequest)} database`,
      'store that is not empty',
      '',
    ]);
  }
  if (chunked) out.push(...chunkedRows(chunked));
  if (results.fullSync) {
    const { items, deletes, commit, delete: plain } = results.fullSync;
    const row = (what: string, r: SyncRun): Row => [
      what,
      'wall; CPU API+workers; database',
      `${ms(r.wallMs)}; ${ms(r.ownCpuMs)}; database ${ms(r.databaseCpuMs)}`,
      'none: what a commit costs',
      '',
    ];
    out.push(row(`10 sync commit, ${n(deletes)} of ${n(items)}`, commit.median));
    out.push(row(`10 DELETE of the same ${n(deletes)}`, plain.median));
  }
  if (results.noisyNeighbour) {
    const { alone, withNeighbour, neighbourQueued } = results.noisyNeighbour;
    const quiet = (run: typeof alone) =>
      `${ms(run.p50Ms)} / ${ms(run.p95Ms)} / ${ms(run.maxMs)}; ${run.failed} of ${run.requests} not 200`;
    out.push([
      '11 single item, no neighbour',
      'p50 / p95 / max',
      quiet(alone),
      'for reference',
      '',
    ]);
    out.push([
      `11 single item, neighbour's ${BACKLOG} x ${n(NOISY_ITEMS)} queued`,
      'p50 / p95 / max',
      quiet(withNeighbour),
      'p95 ≤ 2 s, none over 5 s',
      `neighbour's queue ${neighbourQueued.min} to ${neighbourQueued.max} meanwhile`,
    ]);
  }
  if (results.export) {
    const e = results.export;
    out.push([
      `12 export, ${n(e.changes)} changes in batches of 50`,
      'changes/s delivered',
      `${n(Math.round(e.changesPerSecond))}/s (${ms(e.wallMs)} from the write's answer; written in ${ms(e.backlogRequestMs)})`,
      ...goalCells(goals, 'export-rate'),
    ]);
    out.push([
      `12 the same, written while paused`,
      'changes/s delivered',
      `${n(Math.round(e.afterPauseChangesPerSecond))}/s (${ms(e.afterPauseWallMs)} from re-enabling; items read from the store)`,
      'no goal',
      '',
    ]);
    out.push([
      '12 receiver alone, POSTs of 50',
      'changes/s taken',
      `${n(Math.round(e.referencePerSecond))}/s`,
      'reference for the export rate',
      '',
    ]);
    out.push([
      `12 export lag at ${n(e.steadyRate)} item writes/s`,
      'p50 / p99 from the 200 answer',
      `${ms(e.lagP50Ms)} / ${ms(e.lagP99Ms)} (answers p50 ${ms(e.steadyAnswerP50Ms)}, p99 ${ms(e.steadyAnswerP99Ms)}; ${n(e.steadySkippedTicks)} ticks skipped)`,
      ...goalCells(goals, 'export-lag'),
    ]);
    out.push([
      '12 10,000-item request, export active',
      'items/s (median, against paused)',
      `${n(Math.round(e.ingestActivePerSecond))}/s against ${n(Math.round(e.ingestPausedPerSecond))}/s`,
      ...goalCells(goals, 'export-ingest'),
    ]);
  }
  for (const [scenario, message] of Object.entries(results.failures ?? {})) {
    out.push([`${scenario} FAILED`, '', message.slice(0, 160), '', '']);
  }
  return out;
}

/**
 * Scenario 1 beside its references: c=1 and c=32 to the stack's API and to the one without
 * grouping (each pair from the same round), the floor's single writes and its 32 in flight.
 */
function singleItemRows(latency: NonNullable<Results['latency']>, goals: GoalResult[]): Row[] {
  const line = (run: typeof latency.c1.median) =>
    `${ms(run.p50Ms)} / ${ms(run.p95Ms)} / ${ms(run.p99Ms)}; ${n(run.requestsPerSecond)} req/s; ` +
    `CPU/req ${ms(run.ownCpuMsPerRequest)} ours, ${ms(run.databaseCpuMsPerRequest)} database`;
  const single = (run: { p50Ms: number; p95Ms: number; p99Ms: number }) =>
    `${ms(run.p50Ms)} / ${ms(run.p95Ms)} / ${ms(run.p99Ms)}`;
  const call = latency.floorSingle.median.mode === 'insert' ? 'insertOne' : 'updateOne upsert';
  const c1Gap = paired(latency.c1, latency.c1Alone, (g, a) => g.p50Ms - a.p50Ms);
  const c32Gain = paired(
    latency.c32,
    latency.c32Alone,
    (g, a) => g.requestsPerSecond / a.requestsPerSecond,
  );
  const burst = `c=${BURST_CONCURRENCY}`;
  const f = latency.floorC32.median;
  return [
    [
      '1 single item, c=1',
      'p50 / p95 / p99',
      line(latency.c1.median),
      ...goalCells(goals, 'single-p50'),
    ],
    [
      `1 single item, c=1, alone (${aloneEnv})`,
      'p50 / p95 / p99',
      `${line(latency.c1Alone.median)}; p50 grouped − alone ${signedMs(c1Gap)}`,
      'for reference',
      '',
    ],
    [
      `3 floor single write (${call})`,
      'p50 / p95 / p99',
      single(latency.floorSingle.median),
      'for reference',
      '',
    ],
    [
      '3 floor single _id upsert',
      'p50 / p95 / p99',
      single(latency.floorSingleUpsert.median),
      'reference for goal 1',
      '',
    ],
    [
      `1 single item, ${burst}`,
      'p50 / p95 / p99',
      line(latency.c32.median),
      ...goalCells(goals, 'single-c32-cpu'),
    ],
    [
      `1 single item, ${burst}, alone (${aloneEnv})`,
      'p50 / p95 / p99',
      `${line(latency.c32Alone.median)}; req/s grouped ÷ alone ${n(c32Gain, 2)}×`,
      'for reference',
      '',
    ],
    [
      `3 floor single writes, ${BURST_CONCURRENCY} in flight (insertOne)`,
      'p50 / p95 / p99',
      `${single(f)}; ${n(f.writesPerSecond)} writes/s; CPU/write ${n(f.cpuMsPerWrite, 2)} ms`,
      `reference for ${burst} req/s`,
      '',
    ],
    [`1÷3 ${burst} vs floor`, 'req/s ratio', '', ...goalCells(goals, 'single-c32-rate')],
  ];
}

/** Scenario 9: wall time, CPU and the database's share, then what the second worker bought. */
function chunkedRows(chunked: NonNullable<Results['chunked']>): Row[] {
  const out: Row[] = chunked.map(({ workers, chunkSize, measured }) => {
    const c = measured.median;
    const how =
      chunkSize < c.items
        ? `${n(Math.ceil(c.items / chunkSize))} chunk jobs, ${workers} worker${workers === 1 ? '' : 's'}`
        : `one job (CHUNK_SIZE ${n(chunkSize)})`;
    return [
      `9 batch ${n(c.items)}, ${how}`,
      'wall; items/s; CPU API+workers',
      `${ms(c.wallMs)}; ${n(c.itemsPerSecond)}/s; ${ms(c.ownCpuMs)} (workers ${ms(c.workerCpuMs)}); ` +
        `database ${ms(c.databaseCpuMs)} (${n(c.databaseCpuMs / c.wallMs, 2)} cores)`,
      '',
      '',
    ];
  });
  const chunkedOn = (workers: number) =>
    chunked.find(
      (entry) => entry.workers === workers && entry.chunkSize < entry.measured.median.items,
    )?.measured.median;
  const one = chunkedOn(1);
  const two = chunkedOn(2);
  if (one && two) {
    out.push([
      '9 chunked, 2 vs 1 workers',
      'speed-up of the second worker',
      `${n(one.wallMs / two.wallMs, 2)}× (medians ${ms(one.wallMs)} with 1, ${ms(two.wallMs)} with 2)`,
      'none: what a second worker buys',
      '',
    ]);
  }
  return out;
}

/** The table as text: a header, a rule, one line per row. */
export function formatTable(results: Results, goals: GoalResult[]): string {
  const header: Row = ['scenario', 'figure', 'value', 'goal', 'result'];
  const body = rows(results, goals, results.floorMode ?? 'insert');
  const widths = header.map((_, i) =>
    Math.max(...[header, ...body].map((row) => row[i]?.length ?? 0)),
  );
  const line = (row: Row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

export interface RunRecord {
  date: string;
  machine: MachineInfo;
  engine: EngineVersion;
  revision: Revision;
  options: BenchOptions;
  /** How API and workers ran (options.runtime), in words. */
  runtime: string;
  /** How each figure was obtained, in words. */
  method: string[];
  results: Results;
  goals: GoalResult[];
  table: string;
  profiles?: ProfileReport[];
  /** RSS of the processes once ready, before any request (MiB). */
  startRssMb: { api: number; workers: number[] };
  durationSeconds: number;
}

/** Writes bench/results/<ISO date-time>.json; returns its path. */
export function writeRecord(record: RunRecord): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = record.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  const file = path.join(RESULTS_DIR, `${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}
