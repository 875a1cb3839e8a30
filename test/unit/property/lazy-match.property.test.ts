/**
 * Lazy comparison (docs/api-behaviour.md#lazy-comparison) for random identifiers: a stored Y
 * wrapped in random prefixes and suffixes always matches when a separator (or an end of X) stands
 * on each side, and never when a letter or a digit touches it; case never matters. Y is made of
 * letters and digits of one alphabet, the wrapping of another (lower-cased, they share nothing),
 * so that Y cannot occur in X anywhere but where it was put.
 */
import fc from 'fast-check';
import { resolveLazy } from '../../../core/domain/lazy-match';
import { propertyRuns } from '../../support/property-runs';

/** Letters and digits whose upper- and lower-case forms map onto each other one to one. */
const Y_ALPHABET = [...'abcdefghijklm01234', 'é', 'ж', 'Ω', '𐐨', 'ǆ'];
const WRAP_ALPHABET = [...'nopqrstuvwxyz56789', 'ß', '商', '٣', 'ı', 'ø'];
const SEPARATORS = ['-', '_', '/', '.', ' ', '+', ':', '#', '😀', '\u2013', '、', '\u00a0'];

const glyph = (alphabet: string[]) => fc.constantFrom(...alphabet);
/** A segment: letters and digits in a row. */
const segment = (alphabet: string[]) =>
  fc.array(glyph(alphabet), { minLength: 1, maxLength: 4 }).map((chars) => chars.join(''));
const separator = fc.constantFrom(...SEPARATORS);

/** Whole segments with one separator between each two. */
const segments = (alphabet: string[], min: number, max: number) =>
  fc
    .array(fc.tuple(segment(alphabet), separator), { minLength: min, maxLength: max })
    .map((parts) =>
      parts.map(([text, after], i) => (i < parts.length - 1 ? text + after : text)).join(''),
    );

/** A stored identifier of at least 3 characters that starts and ends with a letter or digit. */
const stored = segments(Y_ALPHABET, 1, 4).filter((y) => Array.from(y).length >= 3);

/** Any wrapping: segments and separators of the other alphabet, possibly none. */
const wrapping = fc.oneof(fc.constant(''), segments(WRAP_ALPHABET, 1, 4));
/** A letter or digit of the wrapping's alphabet, which glues onto Y. */
const glue = glyph(WRAP_ALPHABET);

/** Y as a sender may spell it: each character in upper or lower case. */
const spelled = (y: string) =>
  fc
    .array(fc.boolean(), { minLength: Array.from(y).length, maxLength: Array.from(y).length })
    .map((upper) =>
      Array.from(y)
        .map((char, i) => (upper[i] ? char.toUpperCase() : char.toLowerCase()))
        .join(''),
    );

const withY = <T>(make: (y: string) => fc.Arbitrary<T>) =>
  stored.chain((y) => make(y).map((value) => ({ y, value })));

describe('lazy comparison, for random identifiers', () => {
  it('when a separator or an end of X stands on each side of Y, then Y matches, whatever the case', () => {
    const sample = withY((y) =>
      fc.record({
        spelling: spelled(y),
        prefix: wrapping,
        suffix: wrapping,
        left: separator,
        right: separator,
      }),
    );
    fc.assert(
      fc.property(sample, ({ y, value: { spelling, prefix, suffix, left, right } }) => {
        const incoming =
          (prefix === '' ? '' : prefix + left) + spelling + (suffix === '' ? '' : right + suffix);
        const resolution = resolveLazy(incoming, undefined, [y]);
        expect(resolution).toEqual({
          kind: incoming === y ? 'exact' : 'match',
          identifier: y,
        });
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('when a letter or a digit touches Y on either side, then Y never matches', () => {
    const sample = withY((y) =>
      fc
        .record({
          spelling: spelled(y),
          prefix: wrapping,
          suffix: wrapping,
          before: fc.option(glue, { nil: '' }),
          after: fc.option(glue, { nil: '' }),
        })
        .filter(({ before, after }) => before !== '' || after !== ''),
    );
    fc.assert(
      fc.property(sample, ({ y, value: { spelling, prefix, suffix, before, after } }) => {
        const incoming = prefix + before + spelling + after + suffix;
        expect(resolveLazy(incoming, undefined, [y])).toEqual({ kind: 'none' });
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('when a separator inside Y differs in X, then Y does not match there', () => {
    const sample = withY(() => fc.record({ prefix: wrapping, suffix: wrapping }));
    fc.assert(
      fc.property(
        sample.filter(({ y }) => SEPARATORS.some((sep) => y.includes(sep))),
        ({ y, value: { prefix, suffix } }) => {
          // Every separator of Y swapped for one it does not hold.
          const other = SEPARATORS.find((sep) => !y.includes(sep)) ?? '';
          const changed = SEPARATORS.reduce((text, sep) => text.split(sep).join(other), y);
          const incoming = `${prefix}-${changed}-${suffix}`;
          expect(resolveLazy(incoming, undefined, [y])).toEqual({ kind: 'none' });
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });
});
