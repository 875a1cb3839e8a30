import fc from 'fast-check';
import type { PathRead } from '../../../core/domain/path-reader';
import {
  applyTransforms,
  hasValue,
  transformsSchema,
  type Transform,
} from '../../../core/domain/transforms';
import {
  anyBody,
  freshObjectIsClean,
  hostileValue,
  prototypeSnapshot,
  transformArb,
} from './arbitraries';
import { propertyRuns } from '../../support/property-runs';

/** What a source path can give: nothing, or any JSON a hostile sender writes. */
const anyRead: fc.Arbitrary<PathRead> = fc.oneof(
  fc.constant<PathRead>({ found: false }),
  fc.oneof(hostileValue, anyBody).map((value): PathRead => ({ found: true, value })),
);

const chain = fc.array(transformArb, { maxLength: 6 });

const isFiniteNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

describe('value transforms, for any JSON value and any chain', () => {
  const before = prototypeSnapshot();

  afterAll(() => {
    expect(prototypeSnapshot()).toEqual(before);
    expect(freshObjectIsClean()).toBe(true);
  });

  it('every generated chain is one the funnel schema accepts', () => {
    fc.assert(
      fc.property(chain, (transforms) => {
        expect(transformsSchema.safeParse(transforms).success).toBe(true);
      }),
    );
  });

  it('never throw, and give a read or a non-empty message', () => {
    fc.assert(
      fc.property(chain, anyRead, (transforms, read) => {
        const result = applyTransforms(transforms, read);
        if (result.ok) {
          expect(typeof result.read.found).toBe('boolean');
        } else {
          expect(typeof result.message).toBe('string');
          expect(result.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: propertyRuns(5_000) },
    );
  });

  it('never change the value they were given', () => {
    fc.assert(
      fc.property(chain, anyRead, (transforms, read) => {
        const copy = structuredClone(read);
        applyTransforms(transforms, read);
        expect(read).toEqual(copy);
      }),
      { numRuns: propertyRuns(2_000) },
    );
  });

  it('when a chain ends with number, then a value is a finite number, a list of them, or ""', () => {
    fc.assert(
      fc.property(chain, anyRead, (transforms, read) => {
        const result = applyTransforms([...transforms, { op: 'number' }], read);
        if (!result.ok || !hasValue(result.read)) return;
        const { value } = result.read;
        const numbers = Array.isArray(value) ? (value as unknown[]) : [value];
        expect(numbers.every(isFiniteNumber)).toBe(true);
      }),
      { numRuns: propertyRuns(3_000) },
    );
  });

  it('when a chain has no default, then it never gives a value where none was read', () => {
    const withoutDefault = chain.map((transforms) =>
      transforms.filter((transform): transform is Transform => transform.op !== 'default'),
    );
    fc.assert(
      fc.property(
        withoutDefault,
        fc.constantFrom<PathRead>(
          { found: false },
          { found: true, value: null },
          { found: true, value: '' },
        ),
        (transforms, read) => {
          const result = applyTransforms(transforms, read);
          expect(result).toEqual({ ok: true, read });
        },
      ),
    );
  });

  it('when a chain ends with trim, lowercase or uppercase, then running that step again changes nothing', () => {
    fc.assert(
      fc.property(
        chain,
        fc.constantFrom<Transform>({ op: 'trim' }, { op: 'lowercase' }, { op: 'uppercase' }),
        anyRead,
        (transforms, last, read) => {
          const once = applyTransforms([...transforms, last], read);
          if (!once.ok) return;
          expect(applyTransforms([last], once.read)).toEqual({ ok: true, read: once.read });
        },
      ),
      { numRuns: propertyRuns(2_000) },
    );
  });
});
