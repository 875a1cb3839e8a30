import fc from 'fast-check';
import { readPath } from '../../../core/domain/path-reader';
import {
  anyBody,
  anyPath,
  freshObjectIsClean,
  hostileKey,
  hostileValue,
  jsonObject,
  prototypeSnapshot,
  sourcePath,
} from './arbitraries';
import { propertyRuns } from '../../support/property-runs';

/** Every value reachable from `source` through own properties, the source included. */
function reachable(source: unknown): Set<unknown> {
  const seen = new Set<unknown>();
  const stack: unknown[] = [source];
  while (stack.length > 0) {
    const value = stack.pop();
    if (seen.has(value)) continue;
    seen.add(value);
    if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        stack.push(Object.getOwnPropertyDescriptor(value, key)?.value);
      }
    }
  }
  return seen;
}

describe('readPath, for any JSON and any path', () => {
  const before = prototypeSnapshot();

  afterAll(() => {
    expect(prototypeSnapshot()).toEqual(before);
    expect(freshObjectIsClean()).toBe(true);
  });

  it('never throws, and answers found with a value or not found', () => {
    fc.assert(
      fc.property(anyBody, anyPath, (source, path) => {
        const read = readPath(source, path);
        expect(typeof read.found).toBe('boolean');
        if (read.found) expect(Object.keys(read)).toEqual(['found', 'value']);
        else expect(read).toEqual({ found: false });
      }),
      { numRuns: propertyRuns(2_000) },
    );
  });

  it('finds only what the sender sent: never a prototype member, a function or a getter', () => {
    fc.assert(
      fc.property(anyBody, sourcePath, (source, path) => {
        const read = readPath(source, path);
        if (!read.found) return;
        const sent = reachable(source);
        const value = read.value;
        expect(typeof value).not.toBe('function');
        expect(value).not.toBe(Object.prototype);
        expect(value).not.toBe(Array.prototype);
        // A path mapped over an array yields a new array of values the sender sent.
        const fromSource =
          sent.has(value) || (Array.isArray(value) && value.every((v) => sent.has(v)));
        expect(fromSource).toBe(true);
      }),
      { numRuns: propertyRuns(2_000) },
    );
  });

  it('when an object has a key without a dot, then that key is found exactly when it is its own', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 6 }),
        hostileKey.filter((key) => key !== '' && !key.includes('.')),
        (entries, key) => {
          const source = jsonObject(entries);
          const read = readPath(source, key);
          expect(read.found).toBe(Object.hasOwn(source, key));
          if (read.found)
            expect(read.value).toBe(Object.getOwnPropertyDescriptor(source, key)?.value);
        },
      ),
      { numRuns: propertyRuns(2_000) },
    );
  });

  it('when `__proto__`, `constructor` or `toString` are not sent, then they are not found', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'toString',
          'a.__proto__',
          'a.constructor.prototype',
        ),
        fc.constantFrom<unknown>({}, { a: {} }, { a: [] }, { a: [{}, { b: 1 }] }, [], 'text', 1),
        (path, source) => {
          expect(readPath(source, path)).toEqual({ found: false });
        },
      ),
    );
  });

  it('when arrays are nested a hundred thousand levels deep, then it walks them without overflowing', () => {
    let nested: unknown = [{ leaf: 'deep' }];
    for (let depth = 0; depth < 100_000; depth++) nested = [nested];
    expect(readPath({ a: nested }, 'a.leaf')).toEqual({ found: true, value: ['deep'] });
    expect(readPath({ a: nested }, 'a.missing')).toEqual({ found: false });
  });
});
