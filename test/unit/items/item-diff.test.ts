/** What an update records of its fields: before and after, cut and counted within its bounds. */
import { MAX_DIFF_BYTES, MAX_VALUE_BYTES, itemDiff } from '../../../core/items/item-diff';

const item = (properties: Record<string, unknown>, name: string | null = 'Shoe') => ({
  name,
  properties,
});

describe('itemDiff', () => {
  it('when fields change, then each is listed with its value before and after, system fields first and properties by key', () => {
    const diff = itemDiff(
      item({ size: 42, color: 'red', kept: [1, 2] }),
      item({ size: 43, color: 'red', kept: [1, 2], price: 9.5 }, 'Boot'),
    );
    expect(diff).toEqual({
      fields: [
        { field: 'name', before: 'Shoe', after: 'Boot' },
        { field: 'properties.price', before: null, after: 9.5 },
        { field: 'properties.size', before: 42, after: 43 },
      ],
      omitted: 0,
    });
  });

  it('when a field or property is removed, then its value after is null', () => {
    expect(itemDiff(item({ color: 'red' }), item({}, null)).fields).toEqual([
      { field: 'name', before: 'Shoe', after: null },
      { field: 'properties.color', before: 'red', after: null },
    ]);
  });

  it('when objects hold the same keys in another order, then they are no change', () => {
    const diff = itemDiff(item({ dims: { w: 1, h: 2 } }), item({ dims: { h: 2, w: 1 } }));
    expect(diff).toEqual({ fields: [], omitted: 0 });
  });

  it('when a value is too large, then the beginning of its JSON is kept, marked cut', () => {
    const long = 'é'.repeat(MAX_VALUE_BYTES);
    const [change] = itemDiff(item({ text: 'short' }), item({ text: long })).fields;
    expect(change).toMatchObject({ field: 'properties.text', before: 'short', afterCut: true });
    expect(change).not.toHaveProperty('beforeCut');
    const kept = change?.after as string;
    expect(JSON.stringify(long).startsWith(kept)).toBe(true);
    // Whole characters only, within the bound.
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(MAX_VALUE_BYTES);
    expect(Buffer.byteLength(kept)).toBeGreaterThan(MAX_VALUE_BYTES - 2);
    expect(kept).not.toContain('\uFFFD');
  });

  it('when a value is exactly at the bound, then it is kept whole', () => {
    const atBound = 'x'.repeat(MAX_VALUE_BYTES - 2); // its JSON adds the two quotes
    const [change] = itemDiff(item({ text: 'a' }), item({ text: atBound })).fields;
    expect(change).toEqual({ field: 'properties.text', before: 'a', after: atBound });
  });

  it('when many fields change, then those past the bound of a version are counted, not kept', () => {
    const big = (n: number) => `${n}`.padEnd(MAX_VALUE_BYTES, 'x');
    const keys = Array.from({ length: 40 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const before = Object.fromEntries(keys.map((key, i) => [key, big(i)]));
    const after = Object.fromEntries(keys.map((key, i) => [key, big(i + 100)]));
    const diff = itemDiff(item(before), item(after));
    expect(diff.fields.length).toBeGreaterThan(0);
    expect(diff.fields.length + diff.omitted).toBe(40);
    expect(diff.omitted).toBeGreaterThan(0);
    expect(diff.fields.map((change) => change.field)).toEqual(
      keys.slice(0, diff.fields.length).map((key) => `properties.${key}`),
    );
    // The bound counts names and values; the JSON around them adds a few bytes a field.
    const json = Buffer.byteLength(JSON.stringify(diff.fields));
    expect(json).toBeLessThanOrEqual(MAX_DIFF_BYTES + 64 * diff.fields.length);
  });
});
