import { slicesOf } from '../../../core/platform/slices';

describe('cutting values into slices', () => {
  it('when the writes do not divide evenly, then the last chunk holds the rest, in order', () => {
    const writes = Array.from({ length: 25 }, (_, i) => i);
    const chunks = slicesOf(writes, 10);
    expect(chunks.map((chunk) => chunk.length)).toEqual([10, 10, 5]);
    expect(chunks.flat()).toEqual(writes);
  });

  it('when they divide evenly, then no chunk is empty', () => {
    expect(slicesOf([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(slicesOf([], 2)).toEqual([]);
  });

  it('when the size is not a positive integer, then it refuses', () => {
    expect(() => slicesOf([1], 0)).toThrow(RangeError);
    expect(() => slicesOf([1], 1.5)).toThrow(RangeError);
  });
});
