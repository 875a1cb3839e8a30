/**
 * Single-item POSTs with autocannon: `requests` of them, `inFlight` connections each with one
 * request in flight, each a new item. Every answer's time is kept, so percentiles are exact.
 */
import autocannon from 'autocannon';
import type { Target } from '../stack/target';
import { makeItems, runId } from '../workload';

/** Each answer's time in ms; throws if any answer was not 200. */
export async function postConcurrently(
  target: Target,
  requests: number,
  inFlight: number,
): Promise<number[]> {
  const prefix = runId();
  let next = 0;
  const latencies: number[] = [];
  const statuses = new Set<number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.funnelUrl,
        connections: inFlight,
        amount: requests,
        // autocannon ends a run at its next sample after the last answer: at its default of one
        // per second, a run's wall time (and so a rate) came out in whole seconds.
        sampleInt: 10,
        timeout: 60,
        requests: [
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${target.token}`,
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
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status !== 200) statuses.add(status);
    });
  });
  if (statuses.size > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `single items failed: statuses ${[...statuses].join(', ')}, errors ${result.errors}, ` +
        `timeouts ${result.timeouts}`,
    );
  }
  return latencies;
}
