import {
  MAX_PATH_KEYS,
  MAX_SAMPLE_BYTES,
  MAX_SAMPLE_DEPTH,
  MAX_SAMPLE_PATHS,
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
  // Arrays in arrays nest without making a path longer.
  const arrays = (depth: number): unknown => (depth === 0 ? 'leaf' : [arrays(depth - 1)]);
  const nested = (depth: number): unknown => ({ a: arrays(depth - 1) });
  const keys = (count: number): unknown => (count === 0 ? 'leaf' : { k: keys(count - 1) });
  const flat = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => [`key${index}`, index]));
  const problem = (sample: unknown) => {
    const result = requestDataSchema.safeParse(sample);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

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

  it('when it has more distinct paths than the limit, then it is refused, saying so', () => {
    expect(problem(flat(MAX_SAMPLE_PATHS))).toBeUndefined();
    expect(problem(flat(MAX_SAMPLE_PATHS + 1))).toBe(
      `must have at most ${MAX_SAMPLE_PATHS} distinct paths (it has more)`,
    );
    // Items of a list merge their keys: the same keys in many items are one set of paths.
    expect(problem(Array.from({ length: 10 }, () => flat(MAX_SAMPLE_PATHS)))).toBeUndefined();
  });

  it('when a path has more keys than the limit, then it is refused, naming the path', () => {
    expect(problem(keys(MAX_PATH_KEYS))).toBeUndefined();
    const deepest = Array<string>(MAX_PATH_KEYS).fill('k').join('.');
    expect(problem(keys(MAX_PATH_KEYS + 1))).toBe(
      `must have paths of at most ${MAX_PATH_KEYS} keys ("${deepest}" goes deeper)`,
    );
  });

  it('when its JSON is larger than the limit, then it is refused, saying so', () => {
    const sized = (bytes: number) => ({ text: 'x'.repeat(bytes - '{"text":""}'.length) });
    expect(problem(sized(MAX_SAMPLE_BYTES))).toBeUndefined();
    expect(problem(sized(MAX_SAMPLE_BYTES + 1))).toMatch(
      new RegExp(`^must be at most ${MAX_SAMPLE_BYTES} bytes of JSON`),
    );
  });

  it('when a stored sample is beyond the limits, then its paths are listed up to them', () => {
    expect(requestPaths(flat(MAX_SAMPLE_PATHS + 50))).toHaveLength(MAX_SAMPLE_PATHS);
    const deep = requestPaths(keys(MAX_PATH_KEYS + 5));
    expect(deep).toHaveLength(MAX_PATH_KEYS);
    expect(deep.at(-1)?.path.split('.')).toHaveLength(MAX_PATH_KEYS);
  });
});
