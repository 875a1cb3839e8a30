/** Cuts values into slices of `size`, in order: the last one holds the rest. */
export function slicesOf<T>(values: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Slice size ${size} is not ≥ 1`);
  const slices: T[][] = [];
  for (let start = 0; start < values.length; start += size) {
    slices.push(values.slice(start, start + size));
  }
  return slices;
}
