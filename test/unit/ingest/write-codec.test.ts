import { decodeWrites, encodeWrites } from '../../../core/ingest/chunks/write-codec';
import type { ItemWrite } from '../../../core/items/item-store';

const write = (identifier: string, properties: Record<string, unknown> = {}): ItemWrite => ({
  identifier,
  set: { name: `Item ${identifier}`, properties },
  unset: { fields: [], properties: [] },
  funnelId: 'erp',
});

describe('item writes as bytes for Redis', () => {
  it('when writes are encoded and decoded, then each comes back in order with its values', () => {
    const writes = [
      write('A-1', { color: 'red', price: 12.5, count: 3, tags: ['x', 'y'], nested: { a: 1 } }),
      { ...write('A-2'), unset: { fields: ['image'], properties: ['color'] } },
      write('A-3', { cleared: null }),
    ];
    expect(decodeWrites(encodeWrites(writes))).toEqual(writes);
  });

  it('when a value is a date, then it comes back as a date, as the driver would store it', () => {
    const when = new Date('2026-01-02T03:04:05.678Z');
    const [decoded] = decodeWrites(encodeWrites([write('D-1', { releasedAt: when })]));
    expect(decoded?.set.properties.releasedAt).toEqual(when);
    expect(decoded?.set.properties.releasedAt).toBeInstanceOf(Date);
  });

  it('when a value is undefined, then it comes back null, as the driver would store it', () => {
    const [decoded] = decodeWrites(encodeWrites([write('U-1', { gone: undefined })]));
    expect(decoded?.set.properties).toEqual({ gone: null });
  });

  it('when keys hold dots, dollars or __proto__, then they come back as own keys', () => {
    const properties = JSON.parse('{"a.b": 1, "$x": 2, "__proto__": {"polluted": true}}') as Record<
      string,
      unknown
    >;
    const [decoded] = decodeWrites(encodeWrites([write('K-1', properties)]));
    expect(Object.keys(decoded?.set.properties ?? {})).toEqual(['a.b', '$x', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('when there are no writes, then nothing is encoded and nothing decoded', () => {
    expect(encodeWrites([])).toHaveLength(0);
    expect(decodeWrites(Buffer.alloc(0))).toEqual([]);
  });

  it('when a chunk holds more than one BSON document may, then it still round-trips', () => {
    // 20 writes of 1 MiB each: past the 16 MiB limit of a single document.
    const big = 'x'.repeat(1024 * 1024);
    const writes = Array.from({ length: 20 }, (_, i) => write(`B-${i}`, { big }));
    const decoded = decodeWrites(encodeWrites(writes));
    expect(decoded.map((each) => each.identifier)).toEqual(writes.map((each) => each.identifier));
  });
});
