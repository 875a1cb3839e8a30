import {
  MAX_SAMPLE_DEPTH,
  requestDataSchema,
  requestPaths,
} from '../../../core/settings/request-paths';

describe('the paths of a sample payload', () => {
  it('when keys nest, then paths join them with dots, parents before their children', () => {
    expect(requestPaths({ sku: 'A-1', attrs: { color: 'red', size: { eu: 42 } } })).toEqual([
      { path: 'sku', type: 'string' },
      { path: 'attrs', type: 'object' },
      { path: 'attrs.color', type: 'string' },
      { path: 'attrs.size', type: 'object' },
      { path: 'attrs.size.eu', type: 'number' },
    ]);
  });

  it('when values are scalars, then each has its JSON type, integers being numbers', () => {
    expect(requestPaths({ a: 'x', b: 1, c: 1.5, d: true, e: null })).toEqual([
      { path: 'a', type: 'string' },
      { path: 'b', type: 'number' },
      { path: 'c', type: 'number' },
      { path: 'd', type: 'boolean' },
      { path: 'e', type: 'null' },
    ]);
  });

  it('when an array holds scalars, then it is one path of type array', () => {
    expect(requestPaths({ tags: ['a', 'b'], empty: [] })).toEqual([
      { path: 'tags', type: 'array' },
      { path: 'empty', type: 'array' },
    ]);
  });

  it('when an array holds objects, then their keys are listed below it without an index', () => {
    expect(
      requestPaths({ categories: [{ name: 'a' }, { name: 'b', id: 7 }], images: [{ url: 'u' }] }),
    ).toEqual([
      { path: 'categories', type: 'array' },
      { path: 'categories.name', type: 'string' },
      { path: 'categories.id', type: 'number' },
      { path: 'images', type: 'array' },
      { path: 'images.url', type: 'string' },
    ]);
  });

  it('when arrays of objects nest, then the paths go through both without indexes', () => {
    expect(requestPaths({ variants: [{ images: [{ url: 'u' }] }] })).toEqual([
      { path: 'variants', type: 'array' },
      { path: 'variants.images', type: 'array' },
      { path: 'variants.images.url', type: 'string' },
    ]);
  });

  it('when the sample is a list of items, then paths are those of an item, merging all items', () => {
    expect(requestPaths([{ sku: 'A-1' }, { sku: 'A-2', title: 'Shoe' }])).toEqual([
      { path: 'sku', type: 'string' },
      { path: 'title', type: 'string' },
    ]);
  });

  it('when a value is null in one item and typed in another, then the path takes the type', () => {
    expect(requestPaths([{ price: null }, { price: 12 }])).toEqual([
      { path: 'price', type: 'number' },
    ]);
  });

  it('when a key is empty or holds a dot, then it is left out, as no source path can name it', () => {
    expect(requestPaths({ '': 1, 'a.b': 2, ok: 3 })).toEqual([{ path: 'ok', type: 'number' }]);
  });

  it('when there is no sample, then there are no paths', () => {
    expect(requestPaths(undefined)).toEqual([]);
    expect(requestPaths(null)).toEqual([]);
    expect(requestPaths([])).toEqual([]);
  });

  it('when the same sample is read twice, then the order is the same', () => {
    const sample = { z: 1, a: { y: [{ b: 1 }], c: 2 } };
    expect(requestPaths(sample)).toEqual(requestPaths(structuredClone(sample)));
  });
});

describe('what a sample payload may be', () => {
  const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });

  it('when it is an object or a list of objects, then it is accepted', () => {
    expect(requestDataSchema.safeParse({ a: 1 }).success).toBe(true);
    expect(requestDataSchema.safeParse([{ a: 1 }, {}]).success).toBe(true);
  });

  it('when it is a scalar, null or a list of scalars, then it is refused', () => {
    for (const sample of ['text', 3, null, true, [1, 2], [{ a: 1 }, 'b']]) {
      expect(requestDataSchema.safeParse(sample).success).toBe(false);
    }
  });

  it('when it nests deeper than the limit, then it is refused', () => {
    expect(requestDataSchema.safeParse(nested(MAX_SAMPLE_DEPTH)).success).toBe(true);
    expect(requestDataSchema.safeParse(nested(MAX_SAMPLE_DEPTH + 1)).success).toBe(false);
  });
});
