/** Medians and percentiles of measurements. */

/** The value at percentile `p` (0–100) of `values`, by the nearest-rank method; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? NaN;
}

/** The median; the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** The median of each numeric field over several runs of the same shape. */
export function medianOf<T extends { [K in keyof T]: number }>(runs: readonly T[]): T {
  const first = runs[0];
  if (!first) throw new Error('no runs to take the median of');
  const keys = Object.keys(first) as (keyof T)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as T;
}

/**
 * The median, over pairs of runs measured one right after the other (run i of `a` with run i of
 * `b`), of `combine`: a ratio or a difference that sees the same machine in each pair, where the
 * two medians need not (a shared host's speed drifts over a minute).
 */
export function pairedMedian<A, B>(
  a: readonly A[],
  b: readonly B[],
  combine: (a: A, b: B) => number,
): number {
  return median(a.flatMap((run, i) => (i < b.length ? [combine(run, b[i] as B)] : [])));
}
