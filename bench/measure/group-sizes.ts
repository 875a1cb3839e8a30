/**
 * How many jobs the API sent for small POSTs, and how many requests they carried: its request
 * group histogram, read from /metrics (docs/request-groups.md). A job carries one request alone,
 * more in a group; the fewer jobs a request, the less fixed cost it pays.
 */
export interface GroupSizes {
  jobs: number;
  requests: number;
}

function sample(metrics: string, name: string): number {
  const line = metrics.split('\n').find((text) => text.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

export async function groupSizes(baseUrl: string): Promise<GroupSizes> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  const metrics = await response.text();
  return {
    jobs: sample(metrics, 'funnel_sync_request_group_size_count'),
    requests: sample(metrics, 'funnel_sync_request_group_size_sum'),
  };
}

/** Requests a job between two readings. */
export function requestsPerJob(before: GroupSizes, after: GroupSizes): number {
  const jobs = after.jobs - before.jobs;
  return jobs > 0 ? (after.requests - before.requests) / jobs : 0;
}
