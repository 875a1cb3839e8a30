import { readPath } from '../../../core/domain/path-reader';

const parse = (json: string): unknown => JSON.parse(json) as unknown;

describe('readPath', () => {
  describe('keys joined by dots', () => {
    it('when the path is one key, then its value is found', () => {
      expect(readPath({ sku: 'A-1' }, 'sku')).toEqual({ found: true, value: 'A-1' });
    });

    it('when the path is nested, then the inner value is found', () => {
      expect(readPath({ attrs: { color: { name: 'red' } } }, 'attrs.color.name')).toEqual({
        found: true,
        value: 'red',
      });
    });

    it('when a key is missing, then the value is not found', () => {
      expect(readPath({ attrs: {} }, 'attrs.color')).toEqual({ found: false });
      expect(readPath({}, 'attrs.color')).toEqual({ found: false });
    });

    it('when the value is null, then null is found (not "not found")', () => {
      expect(readPath({ color: null }, 'color')).toEqual({ found: true, value: null });
    });

    it('when the path goes through null or a primitive, then the value is not found', () => {
      expect(readPath({ attrs: null }, 'attrs.color')).toEqual({ found: false });
      expect(readPath({ attrs: 12 }, 'attrs.color')).toEqual({ found: false });
      expect(readPath({ attrs: true }, 'attrs.color')).toEqual({ found: false });
    });

    it('when the path goes into a string, then its length and characters are not keys', () => {
      expect(readPath({ title: 'Shoe' }, 'title.length')).toEqual({ found: false });
      expect(readPath({ title: 'Shoe' }, 'title.0')).toEqual({ found: false });
    });

    it('when the source is not an object, then nothing is found', () => {
      expect(readPath(null, 'a')).toEqual({ found: false });
      expect(readPath('text', 'a')).toEqual({ found: false });
      expect(readPath(undefined, 'a')).toEqual({ found: false });
    });

    it('when the value is an object or array, then it is found as it is', () => {
      expect(readPath({ a: { b: [1, 2] } }, 'a')).toEqual({ found: true, value: { b: [1, 2] } });
      expect(readPath({ tags: ['x', 'y'] }, 'tags')).toEqual({ found: true, value: ['x', 'y'] });
    });

    it('when a key is numeric on an object, then it is an ordinary key', () => {
      expect(readPath({ sizes: { '0': 'S' } }, 'sizes.0')).toEqual({ found: true, value: 'S' });
    });
  });

  describe('array indexes', () => {
    const item = { images: [{ url: 'https://a/1.jpg' }, { url: 'https://a/2.jpg' }] };

    it('when a segment is a number, then it indexes the array', () => {
      expect(readPath(item, 'images.1.url')).toEqual({ found: true, value: 'https://a/2.jpg' });
      expect(readPath({ tags: ['x', 'y'] }, 'tags.0')).toEqual({ found: true, value: 'x' });
    });

    it('when the index is past the end, then the value is not found', () => {
      expect(readPath(item, 'images.2.url')).toEqual({ found: false });
      expect(readPath(item, 'images.99999999999999999999.url')).toEqual({ found: false });
    });

    it('when an array has holes or null elements, then the index finds what is there', () => {
      expect(readPath({ list: [null, 'b'] }, 'list.0')).toEqual({ found: true, value: null });
    });
  });

  describe('mapping over arrays of objects', () => {
    it('when a path meets an array without an index, then it yields the array of values', () => {
      expect(
        readPath(parse('{"categories":[{"name":"a"},{"name":"b"}]}'), 'categories.name'),
      ).toEqual({
        found: true,
        value: ['a', 'b'],
      });
    });

    it('when some elements lack the key, then they are skipped', () => {
      const body = { categories: [{ name: 'a' }, { id: 2 }, 'text', null, { name: 'c' }] };
      expect(readPath(body, 'categories.name')).toEqual({ found: true, value: ['a', 'c'] });
    });

    it('when no element has the key, then the value is not found', () => {
      expect(readPath({ categories: [{ id: 1 }, { id: 2 }] }, 'categories.name')).toEqual({
        found: false,
      });
    });

    it('when the array is empty, then the value is not found', () => {
      expect(readPath({ categories: [] }, 'categories.name')).toEqual({ found: false });
    });

    it('when an element has the key with null, then null is one of the values', () => {
      expect(readPath({ c: [{ n: null }, { n: 'b' }] }, 'c.n')).toEqual({
        found: true,
        value: [null, 'b'],
      });
    });

    it('when mapped values are themselves arrays, then they are kept as they are', () => {
      expect(readPath({ v: [{ tags: ['a', 'b'] }, { tags: ['c'] }] }, 'v.tags')).toEqual({
        found: true,
        value: [['a', 'b'], ['c']],
      });
    });

    it('when two mappings nest, then the values come out flat, in order', () => {
      const body = {
        variants: [
          { images: [{ url: 'u1' }, { url: 'u2' }] },
          { images: [] },
          { images: [{ url: 'u3' }] },
        ],
      };
      expect(readPath(body, 'variants.images.url')).toEqual({
        found: true,
        value: ['u1', 'u2', 'u3'],
      });
    });

    it('when a mapping is followed by an index, then each element is indexed', () => {
      const body = { variants: [{ sizes: ['S', 'M'] }, { sizes: ['L'] }, { sizes: [] }] };
      expect(readPath(body, 'variants.sizes.0')).toEqual({ found: true, value: ['S', 'L'] });
    });

    it('when arrays are nested in arrays, then the mapping reaches the objects inside', () => {
      expect(readPath({ m: [[{ n: 'a' }], [[{ n: 'b' }]]] }, 'm.n')).toEqual({
        found: true,
        value: ['a', 'b'],
      });
    });

    it('when the only mapped value is one, then the result is still an array', () => {
      expect(readPath({ c: [{ n: 'a' }] }, 'c.n')).toEqual({ found: true, value: ['a'] });
    });

    it('when a numeric-looking segment has a leading zero, then it is a key, not an index', () => {
      expect(readPath({ c: [{ '01': 'x' }] }, 'c.01')).toEqual({ found: true, value: ['x'] });
    });
  });

  describe('own properties only', () => {
    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
      'when the item lacks %s, then the path finds nothing from the prototype',
      (key) => {
        expect(readPath({}, key)).toEqual({ found: false });
        expect(readPath({ a: {} }, `a.${key}`)).toEqual({ found: false });
        expect(readPath({ a: [{}] }, `a.${key}`)).toEqual({ found: false });
        expect(readPath([], key)).toEqual({ found: false });
      },
    );

    it('when an array is asked for "length", then it is not a key either way', () => {
      expect(readPath({ a: [1, 2] }, 'a.length')).toEqual({ found: false });
    });

    it('when JSON sends __proto__ and constructor keys, then their own values are read', () => {
      const body = parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":"x"}}');
      expect(readPath(body, '__proto__.polluted')).toEqual({ found: true, value: 'yes' });
      expect(readPath(body, 'constructor.prototype')).toEqual({ found: true, value: 'x' });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });

    it('when a property is a getter, then it is not run', () => {
      const source = Object.defineProperty({}, 'trap', {
        enumerable: true,
        get: () => {
          throw new Error('ran');
        },
      });
      expect(readPath(source, 'trap')).toEqual({ found: false });
    });
  });

  describe('robustness', () => {
    it('when the path has empty segments, then it reads the empty key or nothing', () => {
      expect(readPath({ '': 'empty' }, '')).toEqual({ found: true, value: 'empty' });
      expect(readPath({ a: 1 }, 'a..b')).toEqual({ found: false });
    });

    it('when arrays are nested very deeply, then mapping does not overflow the stack', () => {
      let deep: unknown = [{ n: 'bottom' }];
      for (let level = 0; level < 100_000; level += 1) deep = [deep];
      expect(readPath({ d: deep }, 'd.n')).toEqual({ found: true, value: ['bottom'] });
    });

    it('when odd JSON values are read with odd paths, then it never throws', () => {
      const bodies = [
        '{}',
        '[]',
        'null',
        '0',
        '"x"',
        '{"a":[[],[[]],{"b":[null,1,"s",{"c":{}}]}]}',
        '{"a":{"0":[{"1":2}]}}',
      ].map(parse);
      const paths = ['a', 'a.b', 'a.0', 'a.b.c', 'a.0.1', 'a.b.0.c', '__proto__.x', 'a.length'];
      for (const body of bodies) {
        for (const path of paths) expect(() => readPath(body, path)).not.toThrow();
      }
    });
  });
});
