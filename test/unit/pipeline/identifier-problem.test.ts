import {
  IDENTIFIER_MAX_LENGTH,
  identifierProblem,
  normalizeIdentifier,
} from '../../../core/domain/identifier';
import { MESSAGES } from '../../../core/domain/messages';

const tooLong = MESSAGES.identifierTooLong(IDENTIFIER_MAX_LENGTH);

describe('identifierProblem', () => {
  it('when the identifier is valid, then there is no problem and String gives its stored form', () => {
    expect(identifierProblem('A-1')).toBeUndefined();
    expect(identifierProblem(12)).toBeUndefined();
    expect(String(-0)).toBe(normalizeIdentifier(-0).ok && '0');
  });

  it('when the identifier is refused, then the problem is normalizeIdentifier’s message', () => {
    for (const value of [1.5, 2 ** 53, '', '  ', 'a\u0000', 'a\ud800', {}, null, ['a']]) {
      const result = normalizeIdentifier(value);
      expect(result.ok).toBe(false);
      expect(identifierProblem(value)).toBe(result.ok ? undefined : result.message);
    }
  });

  describe('length in code points, between max and twice max code units', () => {
    it('when surrogate pairs make up the length, then each pair counts once', () => {
      // 256 code points in 300 code units: allowed.
      const pairs = '😀'.repeat(44) + 'x'.repeat(IDENTIFIER_MAX_LENGTH - 44);
      expect(pairs.length).toBe(300);
      expect(identifierProblem(pairs)).toBeUndefined();
      expect(identifierProblem(`${pairs}y`)).toBe(tooLong);
    });

    it('when surrogates are unpaired, then each counts once, as Array.from counts them', () => {
      const lone = '\ud800'.repeat(IDENTIFIER_MAX_LENGTH + 1);
      expect(Array.from(lone)).toHaveLength(IDENTIFIER_MAX_LENGTH + 1);
      expect(identifierProblem(lone)).toBe(tooLong);
      // Pairs and a lone surrogate together: 257 code points in 300 code units.
      const mixed = '😀'.repeat(43) + '\ud800' + 'x'.repeat(213);
      expect([mixed.length, Array.from(mixed).length]).toEqual([300, 257]);
      expect(identifierProblem(mixed)).toBe(tooLong);
      // Within the limit, they fail for what they are, not for their length.
      expect(identifierProblem('\ud800'.repeat(IDENTIFIER_MAX_LENGTH))).toBe(
        MESSAGES.identifierUnicode,
      );
    });

    it('when a pair is cut by the end of the string, then its half counts once', () => {
      const text = 'x'.repeat(IDENTIFIER_MAX_LENGTH) + '\ud83d';
      expect(Array.from(text)).toHaveLength(IDENTIFIER_MAX_LENGTH + 1);
      expect(identifierProblem(text)).toBe(tooLong);
    });
  });
});
