/**
 * A scenario's runs: `warmUp` unrecorded, then `runs` recorded, each on an emptied store so that
 * every run meets the same state.
 */
import type { Bench } from './scenario';

export async function rounds<T>(
  bench: Bench,
  label: string,
  counts: { warmUp: number; runs: number },
  run: () => Promise<T>,
): Promise<T[]> {
  const recorded: T[] = [];
  for (let i = -counts.warmUp; i < counts.runs; i++) {
    await bench.stack.resetStore();
    bench.log(`${label}: ${i < 0 ? 'warm-up' : `run ${i + 1} of ${counts.runs}`}`);
    const result = await run();
    if (i >= 0) recorded.push(result);
  }
  return recorded;
}
