import fc from 'fast-check';
import {
  IDENTIFIER_MAX_LENGTH,
  isWellFormed,
  normalizeIdentifier,
} from '../../../core/domain/identifier';
import { validateValue, type ValueSpec } from '../../../core/domain/value-validators';
import {
  ALL_PROPERTIES,
  anyBody,
  freshObjectIsClean,
  hostileValue,
  prototypeSnapshot,
} from './arbitraries';
import { propertyRuns } from '../../support/property-runs';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const SPECS: ValueSpec[] = [
  ...ALL_PROPERTIES,
  // System fields pass their spec as it is.
  { type: 'text' },
  { type: 'media' },
  { type: 'reference' },
];

/** What an accepted single value of each type must be. */
function acceptedSingle(spec: ValueSpec, value: unknown): boolean {
  switch (spec.type) {
    case 'text':
      return typeof value === 'string' && isWellFormed(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);
    case 'media':
      return typeof value === 'string' && /^https?:\/\/\S+$/i.test(value) && isWellFormed(value);
    case 'reference':
      return typeof value === 'string' && normalizeIdentifier(value).ok;
    case 'enum':
      return typeof value === 'string' && spec.options.includes(value);
  }
}

describe('value validators, for any JSON value', () => {
  const before = prototypeSnapshot();

  afterAll(() => {
    expect(prototypeSnapshot()).toEqual(before);
    expect(freshObjectIsClean()).toBe(true);
  });

  it('never throw, and give either a value of the expected type or a message', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SPECS), fc.oneof(anyBody, hostileValue), (spec, value) => {
        const result = validateValue(spec, value);
        if (!result.ok) {
          expect(typeof result.message).toBe('string');
          expect(result.message.length).toBeGreaterThan(0);
          return;
        }
        if (spec.multiple === true) {
          expect(Array.isArray(result.value)).toBe(true);
          for (const element of result.value as unknown[]) {
            expect(acceptedSingle(spec, element)).toBe(true);
          }
        } else {
          expect(acceptedSingle(spec, result.value)).toBe(true);
        }
      }),
      { numRuns: propertyRuns(5_000) },
    );
  });

  it('never coerce: a value is accepted as it came, only a reference number becomes its string', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SPECS), hostileValue, (spec, value) => {
        const result = validateValue(spec, value);
        if (!result.ok || spec.type === 'reference') return;
        expect(result.value).toEqual(value);
      }),
      { numRuns: propertyRuns(3_000) },
    );
  });
});

describe('normalizeIdentifier, for any JSON value', () => {
  it('never throws; an accepted identifier is a short, non-blank, well-formed string without controls', () => {
    fc.assert(
      fc.property(fc.oneof(anyBody, hostileValue), (value) => {
        const result = normalizeIdentifier(value);
        if (!result.ok) {
          expect(result.message.length).toBeGreaterThan(0);
          return;
        }
        const { identifier } = result;
        expect(typeof identifier).toBe('string');
        expect(identifier.trim()).not.toBe('');
        expect(Array.from(identifier).length).toBeLessThanOrEqual(IDENTIFIER_MAX_LENGTH);
        expect(CONTROL.test(identifier)).toBe(false);
        expect(isWellFormed(identifier)).toBe(true);
        expect(identifier).toBe(typeof value === 'number' ? String(value) : value);
      }),
      { numRuns: propertyRuns(5_000) },
    );
  });

  it('accepts a number exactly when it is a safe integer, as its decimal string', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.integer(), fc.constantFrom(2 ** 53, -(2 ** 53), -0, 1e21)),
        (value) => {
          const result = normalizeIdentifier(value);
          expect(result.ok).toBe(Number.isSafeInteger(value));
          if (result.ok) expect(result.identifier).toBe(String(value));
        },
      ),
      { numRuns: propertyRuns(3_000) },
    );
  });

  it('refuses operator objects and every other non-scalar', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom<unknown>({ $gt: '' }, { $ne: null }, ['A'], null, true, undefined),
          fc.object(),
        ),
        (value) => {
          expect(normalizeIdentifier(value).ok).toBe(false);
        },
      ),
    );
  });
});
