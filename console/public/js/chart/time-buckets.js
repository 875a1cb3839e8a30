/**
 * Groups history entries into equal steps of time for the chart: the smallest round step (1 s,
 * 5 s, ... 1 day) that spans them in at most MAX_BUCKETS, empty steps included, so that a quiet
 * hour shows as zero rather than as a line drawn straight across it.
 */
import { failedRun } from '../activity.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEPS = [1, 5, 15, 30]
  .map((n) => n * SECOND)
  .concat(
    [1, 5, 15, 30].map((n) => n * MINUTE),
    [1, 3, 6, 12].map((n) => n * HOUR),
    [1, 7].map((n) => n * DAY),
  );
const MAX_BUCKETS = 48;

/** "5 seconds", "1 hour": a step's length in words. */
export function describeStep(step) {
  const [unit, size] =
    step >= DAY
      ? ['day', DAY]
      : step >= HOUR
        ? ['hour', HOUR]
        : step >= MINUTE
          ? ['minute', MINUTE]
          : ['second', SECOND];
  const amount = step / size;
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** `{ step, buckets: [{ start, requests, failed, items }] }`, oldest first; `failed`: real runs. */
export function timeBuckets(entries) {
  if (entries.length === 0) return { step: 0, buckets: [] };
  const times = entries.map((entry) => Date.parse(entry.receivedAt));
  const first = Math.min(...times);
  const last = Math.max(...times);
  const fits = (step) => Math.floor(last / step) - Math.floor(first / step) < MAX_BUCKETS;
  const step = STEPS.find(fits) ?? Math.ceil((last - first + 1) / MAX_BUCKETS / DAY) * DAY;
  const firstIndex = Math.floor(first / step);
  const buckets = Array.from({ length: Math.floor(last / step) - firstIndex + 1 }, (_, i) => ({
    start: (firstIndex + i) * step,
    requests: 0,
    failed: 0,
    items: 0,
  }));
  entries.forEach((entry, i) => {
    const bucket = buckets[Math.floor(times[i] / step) - firstIndex];
    bucket.requests += 1;
    if (failedRun(entry)) bucket.failed += 1;
    bucket.items += entry.itemCount;
  });
  return { step, buckets };
}
