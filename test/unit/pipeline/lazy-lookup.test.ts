import { LAZY_MAX_KEYS, LAZY_MAX_KEY_UNITS, lazyLookup } from '../../../core/domain/lazy-lookup';
import { IDENTIFIER_MAX_LENGTH } from '../../../core/domain/identifier';
import { RUNS_PER_IDENTIFIER } from '../../../core/domain/segment-runs';

const keysOf = (incoming: string[], lengths: number[]) => lazyLookup(incoming, lengths).keys.sort();

describe('lazyLookup', () => {
  it('when stored identifiers have some lengths, then the runs of those lengths are the keys', () => {
    expect(keysOf(['ERP-A100-v2'], [4, 7])).toEqual(['a100', 'a100-v2']);
  });

  it('when lengths are below 3 or odd values, then they give no keys', () => {
    expect(keysOf(['AB-CDE'], [1, 2, Number.NaN, 3.5, -1, 0])).toEqual([]);
    expect(keysOf(['AB-CDE'], [2, 3])).toEqual(['cde']);
  });

  it('when nothing is stored, then there are no keys and nothing is refused', () => {
    const lookup = lazyLookup(['abc-def'], []);
    expect(lookup.keys).toEqual([]);
    expect(lookup.refused.size).toBe(0);
  });

  it('when keys repeat within and across identifiers, then each is asked once, and each identifier knows its own', () => {
    const lookup = lazyLookup(['x-abc', 'ABC-y', 'abc-abc'], [3]);
    expect(lookup.keys.sort()).toEqual(['abc']);
    expect(lookup.keysOf.get('x-abc')).toEqual(['abc']);
    expect(lookup.keysOf.get('ABC-y')).toEqual(['abc']);
  });

  it('when an identifier has no run of a stored length, then it has no keys', () => {
    const lookup = lazyLookup(['SKU12345'], [5]);
    expect(lookup.keys).toEqual([]);
    expect(lookup.keysOf.has('SKU12345')).toBe(false);
  });

  it('when a request would pass the key bound, then the identifiers from there on that need keys are refused', () => {
    // Each identifier has the runs "nNNNNN" and "x-nNNNNN" of length 6 and 8, two keys each.
    const incoming = Array.from(
      { length: LAZY_MAX_KEYS / 2 + 2 },
      (_, i) => `x-n${String(i).padStart(5, '0')}`,
    );
    const lookup = lazyLookup([...incoming, 'no-keys'], [6, 8]);
    expect(lookup.keys).toHaveLength(LAZY_MAX_KEYS);
    expect([...lookup.refused.keys()]).toEqual(incoming.slice(LAZY_MAX_KEYS / 2));
    expect(lookup.refused.get(incoming.at(-1) ?? '')).toBe(
      "The request's identifiers need more lazy lookups than one request may make " +
        '(100,000 keys, 4,194,304 characters in all); send this item in a smaller request',
    );
    expect(lookup.keysOf.has('no-keys')).toBe(false);
    expect(lookup.refused.has('no-keys')).toBe(false);
  });

  it('when the worst request the limits allow is looked up, then its keys stay within both bounds', () => {
    // MAX_ITEMS identifiers of 256 characters, each cut into 129 segments, all distinct, against
    // a content type holding identifiers of every length: every run is wanted.
    const maxItems = 10_000;
    const incoming = Array.from({ length: maxItems }, (_, i) => {
      const tag = i.toString(36).padStart(4, '0');
      return `${tag}-${'a-'.repeat(126)}`.slice(0, IDENTIFIER_MAX_LENGTH);
    });
    expect(incoming.every((identifier) => identifier.length === 256)).toBe(true);
    const everyLength = Array.from({ length: 2 * IDENTIFIER_MAX_LENGTH }, (_, i) => i + 1);
    const lookup = lazyLookup(incoming, everyLength);
    const units = lookup.keys.reduce((sum, key) => sum + key.length, 0);
    expect(lookup.keys.length).toBeLessThanOrEqual(LAZY_MAX_KEYS);
    expect(units).toBeLessThanOrEqual(LAZY_MAX_KEY_UNITS);
    const asked = [...lookup.keysOf.values()].reduce((sum, own) => sum + own.length, 0);
    expect(asked).toBeLessThanOrEqual(LAZY_MAX_KEYS);
    expect(lookup.keysOf.size + lookup.refused.size).toBe(maxItems);
    expect(lookup.keysOf.size * RUNS_PER_IDENTIFIER).toBeGreaterThanOrEqual(asked);
  });
});
