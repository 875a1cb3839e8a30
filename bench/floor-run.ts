/** Runs bench/floor.ts in a process of its own on the benchmark's database and reads its report. */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BenchContext } from './context';
import type { FloorMode, FloorReport } from './floor';
import { ROOT } from './paths';
import { percentile } from './stats';
import { makeItems, runId } from './workload';

const run = promisify(execFile);

async function floor(context: BenchContext, body: string, extra: string[]): Promise<FloorReport> {
  const file = path.join(context.workDir, `floor-${runId()}.json`);
  writeFileSync(file, body);
  const { target } = context;
  const args = ['--import', 'tsx', 'bench/floor.ts', '--mongo', context.engines.mongoUrl];
  args.push('--body', file, '--tenant', target.tenant, '--content-type', target.contentType);
  const { stdout } = await run(process.execPath, [...args, ...extra], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as FloorReport;
}

/** The floor's write of `body` (the same JSON a batch run POSTs), in one bulkWrite, warm. */
export function runFloorBatch(context: BenchContext, body: string): Promise<FloorReport> {
  return floor(context, body, []);
}

export interface FloorSingleRun {
  mode: FloorMode;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

/** `count` new items written one command each, one after the other, after a few unmeasured. */
export async function runFloorSingle(
  context: BenchContext,
  count: number,
  mode: FloorMode | 'auto',
): Promise<FloorSingleRun> {
  const body = JSON.stringify(makeItems(runId(), count));
  const report = await floor(context, body, ['--single', '--mode', mode]);
  const latencies = report.latenciesMs ?? [];
  return {
    mode: report.mode,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
  };
}

export interface FloorInFlightRun {
  writes: number;
  writesPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** The floor process's own CPU per write, from reading the body to SETTLE_MS after the last. */
  cpuMsPerWrite: number;
}

/**
 * `count` new items written with `insertOne`, `inFlight` commands at once (each starting when one
 * is acknowledged), warm: what the same number of clients sending single items could get from
 * the engine with nothing in between.
 */
export async function runFloorInFlight(
  context: BenchContext,
  count: number,
  inFlight: number,
): Promise<FloorInFlightRun> {
  const body = JSON.stringify(makeItems(runId(), count));
  const extra = ['--single', '--mode', 'insert', '--in-flight', String(inFlight)];
  const report = await floor(context, body, extra);
  const latencies = report.latenciesMs ?? [];
  return {
    writes: report.items,
    writesPerSecond: (report.items / report.wallMs) * 1_000,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    cpuMsPerWrite: report.cpuMs / Math.max(1, report.items),
  };
}
