/**
 * What the benchmark guards: every goal, its words and its bound, in one place. Each scenario of
 * bench/scenarios/ judges the goals named here; an id stays the same from one result file to the
 * next, so that runs can be compared over time.
 */
export interface Goal {
  id: string;
  text: string;
}

export const GOALS = {
  batchCpu: {
    id: 'cpu-ratio',
    text: 'CPU of API + worker ≤ 2× the floor (10,000 items)',
    atMost: 2,
  },
  batchWall: {
    id: 'wall-ratio-records',
    text: 'wall time ≤ 1× the floor with the records (10,000 items)',
    atMost: 1,
  },
  rss: {
    id: 'rss',
    text: 'peak RSS < 200 MB API, < 300 MB worker (10,000 items)',
    apiMb: 200,
    workerMb: 300,
  },
  naive: {
    id: 'naive',
    text: '≥ 20× faster than one upsert at a time (1,000 items)',
    atLeast: 20,
  },
  growth: {
    id: 'growth',
    text: '50,000 items cost ≤ 5.5× the time and CPU of 10,000',
    atMost: 5.5,
  },
  singleP50: {
    id: 'single-p50-records',
    text: 'single-item p50 within 5 ms of the floor with the records',
    atMostMs: 5,
  },
  singleCpu: {
    id: 'single-cpu',
    text: 'single items one at a time: CPU of API + workers ≤ 5 ms a request',
    atMostMs: 5,
  },
  singleCommands: {
    id: 'single-commands',
    text: 'single items one at a time: ≤ 12 MongoDB and Redis commands a request',
    atMost: 12,
  },
  inFlightRate: {
    id: 'single-c32-rate',
    text: "single items at c=32: req/s ≥ 0.7× the floor's 32 insertOne in flight",
    atLeast: 0.7,
  },
  inFlightCpu: {
    id: 'single-c32-cpu',
    text: 'single items at c=32: CPU of API + workers ≤ 1 ms a request',
    atMostMs: 1,
  },
  scaling: {
    id: 'scaling',
    text: '2 workers ≥ 1.6× the items/s of 1, or the bottleneck shown',
    atLeast: 1.6,
  },
  exportRate: {
    id: 'export-rate',
    text: 'export delivers ≥ 0.5× the changes/s of the export floor (batches of 50)',
    atLeast: 0.5,
  },
  exportLag: {
    id: 'export-lag',
    text: 'export lag p50 < 1 s at 1,000 item writes/s',
    belowMs: 1_000,
  },
  exportIngest: {
    id: 'export-ingest',
    text: '10,000-item request with an export active ≥ 0.8× paused',
    atLeast: 0.8,
  },
  noisyNeighbour: {
    id: 'noisy-neighbour',
    text: "single items beside another tenant's 20 × 10,000 queued: p95 ≤ 2 s, max ≤ 5 s, all 200",
    p95Ms: 2_000,
    maxMs: 5_000,
  },
  clusterJobs: {
    id: 'cluster-jobs',
    text: "Redis Cluster, 200 tenants' single items: jobs of the busiest master ≤ 1.25× the mean",
    atMost: 1.25,
  },
  clusterCommands: {
    id: 'cluster-commands',
    text: "Redis Cluster, 200 tenants' single items: commands of the busiest master ≤ 1.25× the mean",
    atMost: 1.25,
  },
  pushRate: {
    id: 'push-rate',
    text: "push of 200,000 items: items/s ≥ 0.9× the bench's own 10,000-item POSTs",
    atLeast: 0.9,
  },
  pushRss: {
    id: 'push-rss',
    text: 'push: CLI peak RSS < 150 MB (200,000 and 1,000,000 items)',
    belowMb: 150,
  },
} as const;
