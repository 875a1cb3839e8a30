/** Cuts a request's writes into chunks of `size` in order: the last one holds the rest. */
export function sliceWrites<T>(writes: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Chunk size ${size} is not ≥ 1`);
  const chunks: T[][] = [];
  for (let start = 0; start < writes.length; start += size) {
    chunks.push(writes.slice(start, start + size));
  }
  return chunks;
}
