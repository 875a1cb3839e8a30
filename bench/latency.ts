/**
 * Single-item POST latency at a given concurrency, with autocannon: `requests` requests, each a
 * new item (a fresh identifier per request), `concurrency` connections each with one request in
 * flight. Every response's time is kept, so that p50, p95 and p99 are exact over the run. The
 * requests go to the stack's API, or to another API beside it (a variant with other settings).
 */
import autocannon from 'autocannon';
import { processGroups, type BenchContext } from './context';
import { CpuMeter } from './cpu-meter';
import { percentile } from './stats';
import { funnelUrl } from './tenant';
import { makeItems, runId } from './workload';

export interface LatencyRun {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  /** CPU ms of API and workers per request, and of the database. */
  ownCpuMsPerRequest: number;
  databaseCpuMsPerRequest: number;
}

/** The API process the requests go to. */
export interface ApiEndpoint {
  baseUrl: string;
  pid: number;
}

export async function runLatency(
  context: BenchContext,
  concurrency: number,
  requests: number,
  api: ApiEndpoint = { baseUrl: context.target.baseUrl, pid: context.stack.api.pid },
): Promise<LatencyRun> {
  const prefix = runId();
  let next = 0;
  const latencies: number[] = [];
  const failures: string[] = [];
  // Only the API addressed counts as ours: another one beside it does no work of these requests
  // but read the queue's events, which it would not be there to read in a deployment of one.
  const meter = await CpuMeter.start({ ...processGroups(context), api: [api.pid] });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: funnelUrl({ ...context.target, baseUrl: api.baseUrl }),
        connections: concurrency,
        amount: requests,
        timeout: 60,
        requests: [
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${context.target.token}`,
              'content-type': 'application/json',
            },
            setupRequest: (request) => {
              const [item] = makeItems(`${prefix}-${next++}`, 1);
              return { ...request, body: JSON.stringify(item) };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error as Error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode !== 200 && failures.length < 5) failures.push(String(statusCode));
    });
  });
  const cpu = await meter.stop();
  if (failures.length > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `single-item requests failed: statuses ${failures.join(', ')}, errors ${result.errors}, ` +
        `timeouts ${result.timeouts}`,
    );
  }
  const own = (cpu.groups.api ?? 0) + (cpu.groups.workers ?? 0);
  return {
    requests: latencies.length,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    requestsPerSecond: (latencies.length / cpu.wallMs) * 1_000,
    ownCpuMsPerRequest: own / Math.max(1, latencies.length),
    databaseCpuMsPerRequest: (cpu.groups.database ?? 0) / Math.max(1, latencies.length),
  };
}
