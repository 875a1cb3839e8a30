/**
 * Where the time of the requests answered between two readings went, from the API's own
 * histograms (/metrics): from the request's receipt to a worker starting its job (the API's
 * checks, queueing, the hop to a worker), and the worker's time on it. What is left of the time
 * the client measured is the way back: the job's completion, the answer's hop to the API, the
 * HTTP answer.
 */
import { readMetrics, sampleSum } from './api-metrics';

export interface JobTimes {
  requests: number;
  waitSeconds: number;
  processingSeconds: number;
}

export async function jobTimes(baseUrl: string): Promise<JobTimes> {
  const metrics = await readMetrics(baseUrl);
  return {
    requests: sampleSum(metrics, 'funnel_sync_processing_seconds_count'),
    waitSeconds: sampleSum(metrics, 'funnel_sync_queue_wait_seconds_sum'),
    processingSeconds: sampleSum(metrics, 'funnel_sync_processing_seconds_sum'),
  };
}

/** Mean ms a request, between two readings, to a worker and in it. */
export function meanJobTimes(before: JobTimes, after: JobTimes) {
  const requests = after.requests - before.requests;
  const meanMs = (seconds: number) => (requests > 0 ? (seconds * 1_000) / requests : 0);
  return {
    toWorkerMs: meanMs(after.waitSeconds - before.waitSeconds),
    inWorkerMs: meanMs(after.processingSeconds - before.processingSeconds),
  };
}
