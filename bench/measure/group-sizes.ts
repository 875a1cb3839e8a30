/**
 * How many jobs the API sent for small POSTs, and how many requests they carried: its request
 * group histogram, read from /metrics (docs/request-groups.md). A job carries one request alone,
 * more in a group; the fewer jobs a request, the less fixed cost it pays.
 */
import { readMetrics, sampleSum } from './api-metrics';

export interface GroupSizes {
  jobs: number;
  requests: number;
}

export async function groupSizes(baseUrl: string): Promise<GroupSizes> {
  const metrics = await readMetrics(baseUrl);
  return {
    jobs: sampleSum(metrics, 'funnel_sync_request_group_size_count'),
    requests: sampleSum(metrics, 'funnel_sync_request_group_size_sum'),
  };
}

/** Requests a job between two readings. */
export function requestsPerJob(before: GroupSizes, after: GroupSizes): number {
  const jobs = after.jobs - before.jobs;
  return jobs > 0 ? (after.requests - before.requests) / jobs : 0;
}
