import { MESSAGES } from '../../../core/domain/messages';
import { validateValue, type ValueSpec } from '../../../core/domain/value-validators';
import type { Property } from '../../../core/domain/content-type';

const accepted = (value: unknown) => ({ ok: true, value });
const refused = (message: string) => ({ ok: false, message });

describe('validateValue', () => {
  describe('text', () => {
    const spec: ValueSpec = { type: 'text' };

    it('when the value is a string, then it is accepted as it is', () => {
      expect(validateValue(spec, 'Shoe')).toEqual(accepted('Shoe'));
      expect(validateValue(spec, 'line\nbreak\ttab')).toEqual(accepted('line\nbreak\ttab'));
      expect(validateValue(spec, '😀')).toEqual(accepted('😀'));
    });

    it.each([[12], [true], [null], [['a']], [{ a: 1 }]])(
      'when the value is %p, then it is refused',
      (value) => {
        expect(validateValue(spec, value)).toEqual(refused(MESSAGES.expectedText));
      },
    );

    it('when the string holds a lone surrogate, then it is refused (UTF-8 cannot store it)', () => {
      expect(validateValue(spec, 'a\ud800b')).toEqual(refused(MESSAGES.invalidUnicode));
    });
  });

  describe('number', () => {
    const spec: ValueSpec = { type: 'number' };

    it.each([[0], [-1.5], [12], [1e308], [-1e308], [5e-324], [2 ** 53]])(
      'when the value is %p, then it is accepted',
      (value) => {
        expect(validateValue(spec, value)).toEqual(accepted(value));
      },
    );

    it('when JSON carries a huge number, then the finite value it parses to is accepted', () => {
      expect(validateValue(spec, JSON.parse('1e308'))).toEqual(accepted(1e308));
    });

    it.each([['12'], ['1e3'], [''], [true], [null], [[1]], [NaN], [Infinity], [-Infinity]])(
      'when the value is %p, then it is refused ("12" is not a number)',
      (value) => {
        expect(validateValue(spec, value)).toEqual(refused(MESSAGES.expectedNumber));
      },
    );
  });

  describe('integer', () => {
    const spec: ValueSpec = { type: 'integer' };

    it.each([[0], [-3], [42], [Number.MAX_SAFE_INTEGER], [Number.MIN_SAFE_INTEGER], [2.0]])(
      'when the value is %p, then it is accepted',
      (value) => {
        expect(validateValue(spec, value)).toEqual(accepted(value));
      },
    );

    it.each([[1.5], ['3'], [true], [null], [NaN], [Infinity]])(
      'when the value is %p, then it is refused',
      (value) => {
        expect(validateValue(spec, value)).toEqual(refused(MESSAGES.expectedInteger));
      },
    );

    it('when the integer is not safe (2**53, 1e308), then it is refused as too large', () => {
      expect(validateValue(spec, 2 ** 53)).toEqual(refused(MESSAGES.unsafeInteger));
      expect(validateValue(spec, 1e308)).toEqual(refused(MESSAGES.unsafeInteger));
    });
  });

  describe('boolean', () => {
    const spec: ValueSpec = { type: 'boolean' };

    it('when the value is true or false, then it is accepted', () => {
      expect(validateValue(spec, true)).toEqual(accepted(true));
      expect(validateValue(spec, false)).toEqual(accepted(false));
    });

    it.each([['true'], [1], [0], [null], ['yes']])(
      'when the value is %p, then it is refused',
      (v) => {
        expect(validateValue(spec, v)).toEqual(refused(MESSAGES.expectedBoolean));
      },
    );
  });

  describe('date', () => {
    const spec: ValueSpec = { type: 'date' };

    it.each([
      '2024-01-31',
      '2024-02-29',
      '2000-02-29',
      '2024-01-31T09:30Z',
      '2024-01-31T09:30:15Z',
      '2024-01-31T09:30:15.250Z',
      '2024-01-31T09:30:15.123456789+01:00',
      '2024-01-31T23:59:59-12:30',
      '2024-12-31T00:00:00+00:00',
    ])('when the value is %p, then it is accepted as it is', (value) => {
      expect(validateValue(spec, value)).toEqual(accepted(value));
    });

    it.each([
      '2024-1-31',
      '31.01.2024',
      '2024/01/31',
      '2024-01-31T09:30:15',
      '2024-01-31 09:30:15Z',
      '2024-01-31T09Z',
      '2024-01-31t09:30z',
      '2024-01-31T09:30:15+0100',
      '20240131',
      'yesterday',
      ' 2024-01-31',
      '',
    ])('when the value is %p, then it is refused as not ISO 8601', (value) => {
      expect(validateValue(spec, value)).toEqual(refused(MESSAGES.expectedDate));
    });

    it.each([
      '2024-02-30',
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '2024-01-31T24:00Z',
      '2024-01-31T12:60Z',
      '2024-01-31T12:00:60Z',
      '2024-01-31T12:00+24:00',
      '2024-01-31T12:00+01:60',
    ])('when the value %p is not a real date or time, then it is refused', (value) => {
      expect(validateValue(spec, value)).toEqual(refused(MESSAGES.noSuchDate));
    });

    it('when the value is a number (a timestamp), then it is refused', () => {
      expect(validateValue(spec, 1706693400000)).toEqual(refused(MESSAGES.expectedDate));
    });
  });

  describe('media', () => {
    const spec: ValueSpec = { type: 'media' };

    it.each([
      'https://cdn.example.com/a.jpg',
      'http://example.com',
      'HTTPS://EXAMPLE.COM/A.JPG',
      'https://example.com:8443/path/a%20b.png?size=large#top',
      'https://user@example.com/x',
      'https://例え.jp/画像.png',
    ])('when the value is %p, then it is accepted as sent', (value) => {
      expect(validateValue(spec, value)).toEqual(accepted(value));
    });

    it.each([
      'not a url',
      '/relative/a.jpg',
      'example.com/a.jpg',
      'ftp://example.com/a.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      'http:example.com',
      'https://',
      'https:// example.com',
      'https://exa mple.com',
      ' https://example.com',
      'https://example.com/a\nb',
      'https://example.com/a\tb',
      '',
    ])('when the value is %p, then it is refused', (value) => {
      expect(validateValue(spec, value)).toEqual(refused(MESSAGES.expectedUrl));
    });

    it('when the value is not a string, then it is refused', () => {
      expect(validateValue(spec, { url: 'https://a' })).toEqual(refused(MESSAGES.expectedUrl));
    });

    it('when the URL holds a lone surrogate, then it is refused', () => {
      expect(validateValue(spec, 'https://example.com/\ud800')).toEqual(
        refused(MESSAGES.invalidUnicode),
      );
    });
  });

  describe('reference', () => {
    const spec: ValueSpec = { type: 'reference' };

    it('when the value is an identifier, then it is accepted as its string', () => {
      expect(validateValue(spec, 'cat-1')).toEqual(accepted('cat-1'));
      expect(validateValue(spec, 77)).toEqual(accepted('77'));
    });

    it('when the value is an operator object such as {"$gt": ""}, then it is refused', () => {
      expect(validateValue(spec, JSON.parse('{"$gt": ""}'))).toEqual(
        refused(MESSAGES.identifierType),
      );
    });

    it('when the value breaks an identifier rule, then that rule is the message', () => {
      expect(validateValue(spec, 'a\u0000b')).toEqual(refused(MESSAGES.identifierControl));
      expect(validateValue(spec, 'x'.repeat(257))).toEqual(
        refused(MESSAGES.identifierTooLong(256)),
      );
      expect(validateValue(spec, 2 ** 53)).toEqual(refused(MESSAGES.identifierUnsafeInteger));
    });
  });

  describe('enum', () => {
    const spec: ValueSpec = { type: 'enum', options: ['S', 'M', 'L'] };

    it('when the value is one of the options, then it is accepted', () => {
      expect(validateValue(spec, 'M')).toEqual(accepted('M'));
    });

    it('when the value differs in case or spacing, then it is no such option', () => {
      expect(validateValue(spec, 's')).toEqual(refused(MESSAGES.noSuchOption('s', spec.options)));
      expect(validateValue(spec, 'M ')).toEqual(
        refused('No such option "M "; expected one of: S, M, L'),
      );
    });

    it('when the value is not a string, then the options are listed', () => {
      expect(validateValue(spec, 1)).toEqual(refused('Expected one of: S, M, L'));
      expect(validateValue(spec, null)).toEqual(refused('Expected one of: S, M, L'));
    });

    it('when a prototype name is sent, then it is not an option', () => {
      expect(validateValue(spec, 'toString').ok).toBe(false);
      expect(validateValue(spec, 'constructor').ok).toBe(false);
    });

    it('when there are many options and a long value, then the message stays short', () => {
      const options = Array.from({ length: 200 }, (_, index) => `opt${index}`);
      const result = validateValue({ type: 'enum', options }, 'z'.repeat(10_000));
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.message.length).toBeLessThan(300);
        expect(result.message).toMatch(/and 190 more$/);
      }
    });
  });

  describe('multiple', () => {
    it('when every element is valid, then the array is accepted', () => {
      expect(validateValue({ type: 'number', multiple: true }, [1, 2.5])).toEqual(
        accepted([1, 2.5]),
      );
    });

    it('when the array is empty, then it is accepted', () => {
      expect(validateValue({ type: 'text', multiple: true }, [])).toEqual(accepted([]));
    });

    it('when the value is not an array, then it is refused', () => {
      expect(validateValue({ type: 'text', multiple: true }, 'a')).toEqual(
        refused(MESSAGES.expectedList),
      );
      expect(validateValue({ type: 'text', multiple: true }, { 0: 'a' })).toEqual(
        refused(MESSAGES.expectedList),
      );
    });

    it('when an element is bad, then the message names the first bad position', () => {
      expect(validateValue({ type: 'number', multiple: true }, [1, '2', 'x'])).toEqual(
        refused('At [1]: Expected a number'),
      );
      expect(
        validateValue({ type: 'media', multiple: true }, ['https://a.example/1', 'nope']),
      ).toEqual(refused('At [1]: Expected an absolute http or https URL'));
    });

    it('when references are numbers and strings, then all come back as strings', () => {
      expect(validateValue({ type: 'reference', multiple: true }, ['a', 2])).toEqual(
        accepted(['a', '2']),
      );
    });

    it('when a reference element is an operator object, then it is refused', () => {
      expect(validateValue({ type: 'reference', multiple: true }, ['a', { $gt: '' }])).toEqual(
        refused(`At [1]: ${MESSAGES.identifierType}`),
      );
    });

    it('when the spec is single, then an array is refused for it', () => {
      expect(validateValue({ type: 'text' }, ['a'])).toEqual(refused(MESSAGES.expectedText));
      expect(validateValue({ type: 'reference' }, ['a'])).toEqual(refused(MESSAGES.identifierType));
    });

    it('when multiple is false, then the value is single', () => {
      expect(validateValue({ type: 'text', multiple: false }, 'a')).toEqual(accepted('a'));
    });
  });

  it('when a content type property is passed, then it serves as the spec', () => {
    const property: Property = {
      key: 'size',
      label: 'Size',
      type: 'enum',
      options: ['S', 'M'],
      multiple: true,
    };
    expect(validateValue(property, ['S', 'M'])).toEqual(accepted(['S', 'M']));
    expect(validateValue(property, ['S', 'XL'])).toEqual(
      refused('At [1]: No such option "XL"; expected one of: S, M'),
    );
  });
});

describe('length limits', () => {
  it('when a text value is longer than 65,536 characters, then it fails; at the limit it passes', () => {
    expect(validateValue({ type: 'text' }, 'x'.repeat(65_536))).toEqual({
      ok: true,
      value: 'x'.repeat(65_536),
    });
    expect(validateValue({ type: 'text' }, 'x'.repeat(65_537))).toEqual({
      ok: false,
      message: 'The value is longer than 65536 characters',
    });
  });

  it('when a media URL is longer than 8,192 characters, then it fails', () => {
    const url = `https://example.com/${'a'.repeat(8_200)}`;
    expect(validateValue({ type: 'media' }, url)).toEqual({
      ok: false,
      message: 'The value is longer than 8192 characters',
    });
  });
});
