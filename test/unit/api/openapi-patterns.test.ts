/**
 * The patterns the OpenAPI document gives for values the API checks in code
 * (api/openapi/patterns.ts), held to that code over random text: a value the pattern takes is one
 * the code takes, and the other way round.
 */
import type { Request } from 'express';
import fc from 'fast-check';
import { preconditionsOf } from '../../../api/http/conditional-headers';
import { ENTITY_TAG_LIST_PATTERN, IDENTIFIER_PATTERN } from '../../../api/openapi/patterns';
import { IDENTIFIER_MAX_LENGTH, identifierProblem } from '../../../core/domain/identifier';
import { propertyRuns } from '../../support/property-runs';

const RUNS = { numRuns: propertyRuns(2_000) };

/** Text from a few characters of each kind the rules tell apart, so that edges come up often. */
const textOf = (chars: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...chars), { maxLength }).map((parts) => parts.join(''));

describe('the identifier pattern of a DELETE body', () => {
  const pattern = new RegExp(IDENTIFIER_PATTERN);
  /** `minLength`, `maxLength` (in code points, as JSON Schema counts) and `pattern`. */
  const documentTakes = (value: string) =>
    value.length > 0 && [...value].length <= IDENTIFIER_MAX_LENGTH && pattern.test(value);
  // Well-formed text only: an unpaired surrogate is not a string JSON Schema can speak of.
  const chars = [
    'a',
    'Z',
    '7',
    '-',
    ':',
    '.',
    ' ',
    '\t',
    '\n',
    '\u000b',
    '\u0000',
    '\u001f',
    '\u007f',
    '\u0085',
    '\u009f',
    '\u00a0',
    '\u00e9',
    '\u1680',
    '\u2000',
    '\u200a',
    '\u200b',
    '\u2028',
    '\u202f',
    '\u3000',
    '\ufeff',
    '\u{1f600}',
  ];

  it('when a string identifier is checked, then the document takes it exactly when the worker does', () => {
    const short = textOf(chars, 8);
    const long = fc
      .tuple(fc.integer({ min: 250, max: 260 }), fc.constantFrom('a', '\u{1f600}'), short)
      .map(([length, char, rest]) => char.repeat(length) + rest);
    fc.assert(
      fc.property(fc.oneof(short, long), (value) => {
        expect({ value, takes: documentTakes(value) }).toEqual({
          value,
          takes: identifierProblem(value) === undefined,
        });
      }),
      RUNS,
    );
  });
});

describe('the If-Match and If-None-Match pattern', () => {
  const pattern = new RegExp(ENTITY_TAG_LIST_PATTERN);
  const apiTakes = (value: string) => {
    try {
      preconditionsOf({ headers: { 'if-match': value } } as unknown as Request);
      return true;
    } catch {
      return false;
    }
  };
  // What a header value can hold, read as Latin-1: tabs, visible ASCII and the upper half.
  const chars = [
    '"',
    '"',
    'W/',
    'W',
    '/',
    '*',
    ',',
    ' ',
    '\t',
    '\u00a0',
    'a',
    '#',
    '!',
    '~',
    '\u0085',
    '\u00e9',
  ];

  it('when a header value is checked, then the document takes it exactly when the API does', () => {
    fc.assert(
      fc.property(textOf(chars, 12), (value) => {
        expect({ value, takes: pattern.test(value) }).toEqual({ value, takes: apiTakes(value) });
      }),
      RUNS,
    );
    for (const value of ['*', ' * ', '"a.r1"', 'W/"x", "y"', '"a","b"']) {
      expect({ value, takes: pattern.test(value) }).toEqual({ value, takes: true });
    }
  });
});
