/**
 * One batch request end to end: POST `size` new items and wait for the envelope. Measures the
 * wall time the client sees, the CPU time each process spent meanwhile, and the peak RSS of the
 * API and of the busiest worker. Used by scenarios 2 (batches), 6 (growth), 7 (memory) and the
 * store-size rows.
 */
import { assertSuccess, postItems } from './client';
import { processGroups, type BenchContext } from './context';
import { CpuMeter } from './cpu-meter';
import { SETTLE_MS } from './measurement';
import { peakRssKb, resetPeakRss, RssSampler, usageOf } from './proc-stats';
import { funnelUrl } from './tenant';
import { makeItems, runId } from './workload';

export interface BatchRun {
  items: number;
  wallMs: number;
  itemsPerSecond: number;
  /** CPU ms of the API process, of all workers, and of both: "ours". */
  apiCpuMs: number;
  workerCpuMs: number;
  ownCpuMs: number;
  redisCpuMs: number;
  databaseCpuMs: number;
  benchCpuMs: number;
  machineBusyCores: number;
  /** MiB: RSS as the request left, and the peak during it; for the worker whose peak is highest. */
  apiRssBeforeMb: number;
  apiPeakRssMb: number;
  workerRssBeforeMb: number;
  workerPeakRssMb: number;
}

const mb = (kb: number) => kb / 1024;

/** The JSON body of `size` new items. */
export function batchBody(size: number): string {
  return JSON.stringify(makeItems(runId(), size));
}

export async function runBatch(context: BenchContext, size: number): Promise<BatchRun> {
  const body = batchBody(size);
  const { api, workers } = context.stack.pids;
  const watched = [api, ...workers];
  const before = await usageOf(watched);
  const rssBefore = (pid: number) => before.get(pid)?.rssKb ?? 0;
  const hwmReset = watched.every((pid) => resetPeakRss(pid));
  const sampler = new RssSampler(watched).start();
  const meter = await CpuMeter.start(processGroups(context));

  const result = await postItems(funnelUrl(context.target), context.target.token, body);
  const wallMs = result.ms;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const cpu = await meter.stop();
  const sampled = await sampler.stop();
  assertSuccess(result, `a batch of ${size}`);

  const peak = (pid: number) => Math.max(sampled.get(pid) ?? 0, hwmReset ? peakRssKb(pid) : 0);
  const group = (name: string) => cpu.groups[name] ?? 0;
  // The worker that took the job is the one whose memory rose most.
  const busiest = [...workers].sort((a, b) => peak(b) - peak(a))[0] ?? -1;
  return {
    items: size,
    wallMs,
    itemsPerSecond: (size / wallMs) * 1_000,
    apiCpuMs: group('api'),
    workerCpuMs: group('workers'),
    ownCpuMs: group('api') + group('workers'),
    redisCpuMs: group('redis'),
    databaseCpuMs: group('database'),
    benchCpuMs: group('bench'),
    machineBusyCores: cpu.machineBusyCores,
    apiRssBeforeMb: mb(rssBefore(api)),
    apiPeakRssMb: mb(peak(api)),
    workerRssBeforeMb: mb(rssBefore(busiest)),
    workerPeakRssMb: mb(peak(busiest)),
  };
}
