import { sliceWrites } from '../../../core/ingest/chunks/slice-writes';

describe('cutting writes into chunks', () => {
  it('when the writes do not divide evenly, then the last chunk holds the rest, in order', () => {
    const writes = Array.from({ length: 25 }, (_, i) => i);
    const chunks = sliceWrites(writes, 10);
    expect(chunks.map((chunk) => chunk.length)).toEqual([10, 10, 5]);
    expect(chunks.flat()).toEqual(writes);
  });

  it('when they divide evenly, then no chunk is empty', () => {
    expect(sliceWrites([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(sliceWrites([], 2)).toEqual([]);
  });

  it('when the size is not a positive integer, then it refuses', () => {
    expect(() => sliceWrites([1], 0)).toThrow(RangeError);
    expect(() => sliceWrites([1], 1.5)).toThrow(RangeError);
  });
});
