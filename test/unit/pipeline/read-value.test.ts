import { MISSING, readPath, readValue, sourcePath } from '../../../core/domain/path-reader';

const parse = (text: string): unknown => JSON.parse(text);
const read = (source: unknown, path: string): unknown => readValue(source, sourcePath(path));

describe('sourcePath and readValue', () => {
  it('when a path is split once, then it reads the same in every item', () => {
    const path = sourcePath('attrs.color');
    const items = [{ attrs: { color: 'red' } }, { attrs: { color: 'blue' } }, { attrs: {} }];
    expect(items.map((item) => readValue(item, path))).toEqual(['red', 'blue', MISSING]);
  });

  it('when a segment is an array index, then it is marked as one; a leading zero is a key', () => {
    expect(sourcePath('images.0.url').segments.map((segment) => segment.index)).toEqual([
      false,
      true,
      false,
    ]);
    expect(sourcePath('c.01').segments[1]).toEqual({ key: '01', index: false });
  });

  it('when the path addresses nothing, then readValue gives MISSING and readPath not found', () => {
    expect(read({}, 'a')).toBe(MISSING);
    expect(read({ a: 1 }, 'a.b')).toBe(MISSING);
    expect(read({ a: [] }, 'a.b')).toBe(MISSING);
    expect(readPath({}, 'a')).toEqual({ found: false });
  });

  it('when the value is null, then it is a value, not MISSING', () => {
    expect(read({ a: null }, 'a')).toBeNull();
  });

  it('when a path maps over an array, then it gives a new array of what it found', () => {
    const body = parse('{"c":[{"n":"a"},[{"n":"b"}],{"m":1}]}');
    expect(read(body, 'c.n')).toEqual(['a', 'b']);
  });

  it('when an array is read by index, then the index past its end finds nothing', () => {
    expect(read({ a: ['x'] }, 'a.0')).toBe('x');
    expect(read({ a: ['x'] }, 'a.1')).toBe(MISSING);
  });

  describe('properties that are not plain data', () => {
    it('when a property is an accessor with only a setter, then it is not a value', () => {
      let ran = false;
      const source = Object.defineProperty({}, 'write', {
        enumerable: true,
        set: () => {
          ran = true;
        },
      });
      expect(read(source, 'write')).toBe(MISSING);
      expect(ran).toBe(false);
    });

    it('when a getter sits inside an array being mapped over, then it is skipped, not run', () => {
      const trap = Object.defineProperty({}, 'n', {
        enumerable: true,
        get: () => {
          throw new Error('ran');
        },
      });
      expect(read({ c: [trap, { n: 'b' }] }, 'c.n')).toEqual(['b']);
    });

    it('when a data property holds undefined, then it is found with that value', () => {
      expect(readPath({ a: undefined }, 'a')).toEqual({ found: true, value: undefined });
    });

    it('when the object is a proxy, then its get trap is not run', () => {
      let gets = 0;
      const proxy = new Proxy(
        { a: 'target' },
        {
          get: () => {
            gets += 1;
            return 'from get';
          },
        },
      );
      expect(read(proxy, 'a')).toBe('target');
      expect(read({ list: [proxy] }, 'list.a')).toEqual(['target']);
      expect(gets).toBe(0);
    });
  });
});
