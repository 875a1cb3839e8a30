import { GrowingBuffer } from '../../../../packages/sender/src/push/input/growing-buffer';

describe('GrowingBuffer', () => {
  it('holds every piece appended, in order, past many doublings, and starts over once taken', () => {
    const pieces = Array.from({ length: 5_000 }, (_, n) => `{"name":"Ærø ${n} 日本"}`);
    const buffer = new GrowingBuffer();
    for (const piece of pieces) buffer.append(piece, Buffer.byteLength(piece));
    const expected = Buffer.from(pieces.join(''));
    expect(buffer.length).toBe(expected.length);
    expect(buffer.take().equals(expected)).toBe(true);
    expect(buffer.length).toBe(0);
    buffer.append('[]', 2);
    expect(buffer.take().toString()).toBe('[]');
  });
});
