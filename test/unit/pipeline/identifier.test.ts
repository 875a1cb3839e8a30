import {
  IDENTIFIER_MAX_LENGTH,
  isWellFormed,
  itemKey,
  normalizeIdentifier,
} from '../../../core/domain/identifier';
import { MESSAGES } from '../../../core/domain/messages';

const refused = (message: string) => ({ ok: false, message });

describe('normalizeIdentifier', () => {
  it('when the identifier is a non-empty string, then it is kept exactly, case included', () => {
    expect(normalizeIdentifier('A-1')).toEqual({ ok: true, identifier: 'A-1' });
    expect(normalizeIdentifier('  padded ')).toEqual({ ok: true, identifier: '  padded ' });
    expect(normalizeIdentifier('Größe:ß/ä?#')).toEqual({ ok: true, identifier: 'Größe:ß/ä?#' });
  });

  it.each([
    [0, '0'],
    [42, '42'],
    [-7, '-7'],
    [-0, '0'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    [1e15, '1000000000000000'],
  ])('when the identifier is the integer %p, then it becomes the string %p', (value, expected) => {
    expect(normalizeIdentifier(value)).toEqual({ ok: true, identifier: expected });
  });

  it('when the integer is not safe (2**53), then it is refused: its digits may be wrong', () => {
    expect(normalizeIdentifier(2 ** 53)).toEqual(refused(MESSAGES.identifierUnsafeInteger));
    expect(normalizeIdentifier(1e308)).toEqual(refused(MESSAGES.identifierUnsafeInteger));
  });

  it.each([[1.5], [NaN], [Infinity], [-Infinity]])(
    'when the identifier is the number %p, then it is refused',
    (value) => {
      expect(normalizeIdentifier(value)).toEqual(refused(MESSAGES.identifierType));
    },
  );

  it.each([
    ['an operator object', JSON.parse('{"$gt": ""}') as unknown],
    ['an operator object with $ne', { $ne: null }],
    ['an array', ['A-1']],
    ['an empty object', {}],
    ['a boolean', true],
    ['null', null],
    ['undefined', undefined],
  ])('when the identifier is %s, then it is refused (never a query operator)', (_name, value) => {
    expect(normalizeIdentifier(value)).toEqual(refused(MESSAGES.identifierType));
  });

  it('when the identifier is an empty string, then it is refused', () => {
    expect(normalizeIdentifier('')).toEqual(refused(MESSAGES.identifierEmpty));
  });

  it('when the identifier is only white space, then it is refused', () => {
    expect(normalizeIdentifier('   ')).toEqual(refused(MESSAGES.identifierBlank));
    expect(normalizeIdentifier('\u00a0\u2003')).toEqual(refused(MESSAGES.identifierBlank));
  });

  it('when the identifier has 256 characters, then it is accepted; 257 are refused', () => {
    expect(normalizeIdentifier('x'.repeat(IDENTIFIER_MAX_LENGTH)).ok).toBe(true);
    expect(normalizeIdentifier('x'.repeat(IDENTIFIER_MAX_LENGTH + 1))).toEqual(
      refused(MESSAGES.identifierTooLong(256)),
    );
  });

  it('when characters are outside the BMP, then each counts once toward the limit', () => {
    expect(normalizeIdentifier('😀'.repeat(256)).ok).toBe(true);
    expect(normalizeIdentifier('😀'.repeat(257)).ok).toBe(false);
  });

  it('when the identifier is huge, then it is refused quickly', () => {
    expect(normalizeIdentifier('x'.repeat(16 * 1024 * 1024)).ok).toBe(false);
  });

  it.each([
    ['NUL', '\u0000'],
    ['tab', '\t'],
    ['line feed', '\n'],
    ['unit separator', '\u001f'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u0085'],
    ['the last C1 control', '\u009f'],
  ])('when the identifier holds %s, then it is refused', (_name, control) => {
    expect(normalizeIdentifier(`A${control}1`)).toEqual(refused(MESSAGES.identifierControl));
  });

  it('when the identifier holds a character just past the controls, then it is accepted', () => {
    expect(normalizeIdentifier('A\u00a01').ok).toBe(true);
    expect(normalizeIdentifier('A 1').ok).toBe(true);
  });

  it('when the identifier holds a lone surrogate, then it is refused', () => {
    expect(normalizeIdentifier('A\ud800')).toEqual(refused(MESSAGES.identifierUnicode));
    expect(normalizeIdentifier('\udc00A')).toEqual(refused(MESSAGES.identifierUnicode));
    expect(normalizeIdentifier(JSON.parse('"x\\ud83d"') as unknown)).toEqual(
      refused(MESSAGES.identifierUnicode),
    );
  });

  it('when the identifier holds a surrogate pair, then it is accepted', () => {
    expect(normalizeIdentifier('A😀1')).toEqual({ ok: true, identifier: 'A😀1' });
  });
});

describe('isWellFormed', () => {
  it('when a string has only paired surrogates, then it is well-formed', () => {
    expect(isWellFormed('a😀b')).toBe(true);
    expect(isWellFormed('\ud83d')).toBe(false);
    expect(isWellFormed('\ude00\ud83d')).toBe(false);
  });
});

describe('itemKey', () => {
  it('when the item has an identifier, then the identifier is its key', () => {
    expect(itemKey('A-1', 3)).toBe('A-1');
  });

  it('when a number identifier was normalized, then its decimal string is the key', () => {
    const result = normalizeIdentifier(12);
    expect(result.ok && itemKey(result.identifier, 0)).toBe('12');
  });

  it('when the item has no identifier, then its key is its zero-based position', () => {
    expect(itemKey(undefined, 0)).toBe('[0]');
    expect(itemKey(undefined, 17)).toBe('[17]');
  });
});
