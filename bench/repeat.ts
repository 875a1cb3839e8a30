/**
 * Runs a measurement `warmup` times unrecorded, then `runs` times recorded, emptying the store
 * before each run so that every run starts from the same state (bench/store-reset.ts).
 */
import type { BenchContext } from './context';
import { resetStore } from './store-reset';

export async function repeat<T>(
  context: BenchContext,
  label: string,
  counts: { warmup: number; runs: number; reset?: boolean },
  measure: () => Promise<T>,
): Promise<T[]> {
  const recorded: T[] = [];
  const total = counts.warmup + counts.runs;
  for (let i = 0; i < total; i++) {
    if (counts.reset ?? true) await resetStore(context.mongo);
    const warm = i < counts.warmup;
    context.log(`${label}: ${warm ? 'warm-up' : 'run'} ${warm ? i + 1 : i + 1 - counts.warmup}`);
    const result = await measure();
    if (!warm) recorded.push(result);
  }
  return recorded;
}
