/**
 * Scenario 9 (bench/README.md): one 10,000-item request, written by ten chunk jobs (CHUNK_SIZE
 * 1,000) with 1 and with 2 worker processes, beside the same request written by its one job
 * (CHUNK_SIZE 10,000). Workers are started anew for each configuration; the stack gets its own back
 * after.
 */
import { runBatch, type BatchRun } from './batch';
import type { BenchContext } from './context';
import { repeat } from './repeat';

export const CHUNKED_BATCH = 10_000;

export interface ChunkingConfiguration {
  workers: number;
  chunkSize: number;
}

/** Chunked on 1 and 2 workers, then unchunked for reference (a second worker has nothing to do). */
export const CHUNKING_CONFIGURATIONS: ChunkingConfiguration[] = [
  { workers: 1, chunkSize: 1_000 },
  { workers: 2, chunkSize: 1_000 },
  { workers: 1, chunkSize: CHUNKED_BATCH },
];

export async function runChunking(
  context: BenchContext,
): Promise<{ configuration: ChunkingConfiguration; runs: BatchRun[] }[]> {
  const { options } = context;
  const all: { configuration: ChunkingConfiguration; runs: BatchRun[] }[] = [];
  try {
    for (const configuration of CHUNKING_CONFIGURATIONS) {
      const { workers, chunkSize } = configuration;
      await context.stack.setWorkers(workers, { CHUNK_SIZE: String(chunkSize) });
      const label = `${CHUNKED_BATCH} items, CHUNK_SIZE ${chunkSize}, ${workers} worker(s)`;
      const runs = await repeat(context, label, options, () => runBatch(context, CHUNKED_BATCH));
      all.push({ configuration, runs });
    }
  } finally {
    await context.stack.setWorkers(options.workers);
  }
  return all;
}
