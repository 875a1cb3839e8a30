/**
 * How many items a chunk job of a large POST writes: CHUNK_SIZE when it is set. Unset, 1,000
 * where the engine serves batch lookups from an index and takes writes in parallel (MongoDB), and
 * no chunking where it does not (FerretDB v1): there writes to a content type take turns under
 * the write lock (and SQLite has one writer), so chunks run one after another whatever the number
 * of workers, and each adds a job's overhead (a 10,000-item request into an empty store took 634
 * ms in ten chunks against 489 ms in one job, twice the CPU, and a second worker did not help:
 * bench/README.md, scenario 9).
 */
import type { EngineTraits } from '../../mongo/engine';

export const DEFAULT_CHUNK_SIZE = 1_000;

/** Undefined: requests are written by their own job whatever their size. */
export function chunkSizeFor(
  configured: number | undefined,
  engine: Pick<EngineTraits, 'indexedFilters'>,
): number | undefined {
  if (configured !== undefined) return configured;
  return engine.indexedFilters ? DEFAULT_CHUNK_SIZE : undefined;
}
