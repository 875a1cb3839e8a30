import { scanJsonStructure } from '../../../api/http/json-structure';

const scan = (text: string | Uint8Array, maxDepth = 64) =>
  scanJsonStructure(typeof text === 'string' ? Buffer.from(text) : text, maxDepth);
const kindOf = (text: string | Uint8Array, maxDepth?: number) => scan(text, maxDepth).kind;
const bytes = (...values: number[]) => Uint8Array.from(values);

describe('scanJsonStructure', () => {
  describe('the top level', () => {
    it('when the text is an object, then object', () => {
      expect(scan(' {"sku": "A-1", "attrs": {"size": "M"}} ')).toEqual({ kind: 'object' });
    });

    it('when the text is null, then null', () => {
      expect(scan('\r\n null\t')).toEqual({ kind: 'null' });
    });

    it.each([['"A-1"'], ['12'], ['-0.5e+3'], ['true'], ['false']])(
      'when the text is the scalar %s, then scalar',
      (text) => expect(kindOf(text)).toBe('scalar'),
    );

    it('when the text is an array, then its elements are counted', () => {
      expect(scan('[{}, {"a": [1, 2, 3]}, {"b": {"c": [{}]}}]')).toEqual({
        kind: 'array',
        items: 3,
        firstNonObject: -1,
      });
    });

    it('when the array is empty, then it has no items', () => {
      expect(scan('[ ]')).toEqual({ kind: 'array', items: 0, firstNonObject: -1 });
    });

    it('when elements are not objects, then the first of them is named', () => {
      expect(scan('[{}, {}, "x", null, []]')).toEqual({
        kind: 'array',
        items: 5,
        firstNonObject: 2,
      });
      expect(scan('[[{}]]')).toEqual({ kind: 'array', items: 1, firstNonObject: 0 });
      expect(scan('[null]')).toEqual({ kind: 'array', items: 1, firstNonObject: 0 });
    });

    it('when nested arrays hold elements, then only the top-level ones are counted', () => {
      expect(scan('[{"a": [1, 2, 3, 4]}, {"b": [[5], [6]]}]')).toMatchObject({ items: 2 });
    });
  });

  describe('blank texts, as String.prototype.trim sees them', () => {
    it.each([
      ['empty', ''],
      ['JSON white space', ' \t\r\n '],
      ['vertical tab and form feed', '\v\f'],
      ['a no-break space', '\u00a0'],
      ['a byte order mark', '\ufeff'],
      ['the line and paragraph separators', '\u2028\u2029'],
      ['the ideographic space', ' \u3000 '],
    ])('when the text is %s, then blank', (_case, text) => {
      expect(kindOf(text)).toBe('blank');
    });

    it('when a text is one character, then it is blank exactly when trim strips it', () => {
      const disagreements: number[] = [];
      for (let code = 0; code <= 0x10ffff; code++) {
        if (code >= 0xd800 && code <= 0xdfff) continue; // lone surrogates have no UTF-8
        const char = String.fromCodePoint(code);
        if ((kindOf(` ${char} `) === 'blank') !== (char.trim() === '')) disagreements.push(code);
      }
      expect(disagreements).toEqual([]);
    });

    it('when a white space character is cut short, then it is U+FFFD and not blank', () => {
      expect(kindOf(bytes(0x20, 0xc2))).toBe('invalid');
      expect(kindOf(bytes(0xe2, 0x80))).toBe('invalid');
    });

    it('when white space other than JSON white space surrounds a value, then invalid', () => {
      expect(kindOf('\ufeff{}')).toBe('invalid');
      expect(kindOf('{}\f')).toBe('invalid');
      expect(kindOf('[\u00a0{}]')).toBe('invalid');
    });
  });

  describe('depth', () => {
    const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

    it('when containers nest exactly maxDepth deep, then the text passes', () => {
      expect(kindOf(nested(64))).toBe('array');
      expect(kindOf(`{"a": ${nested(63)}}`)).toBe('object');
    });

    it('when containers nest one level deeper than maxDepth, then too-deep', () => {
      expect(kindOf(nested(65))).toBe('too-deep');
      expect(kindOf(`{"a": ${nested(64)}}`)).toBe('too-deep');
      expect(kindOf('{"a":'.repeat(65) + '1' + '}'.repeat(65))).toBe('too-deep');
    });

    it('when the nesting goes on for thousands of levels and never closes, then too-deep', () => {
      expect(kindOf('['.repeat(100_000))).toBe('too-deep');
    });

    it('when the text becomes invalid before it gets too deep, then it is still too-deep, as the depth check came first', () => {
      expect(kindOf(`{"a" 1, "b": ${nested(64)}}`)).toBe('too-deep');
      expect(kindOf(`x${nested(65)}`)).toBe('too-deep');
    });

    it('when brackets are inside strings, then they do not count', () => {
      expect(kindOf(`["${'['.repeat(100)}", "\\"${'{'.repeat(100)}"]`)).toBe('array');
    });

    it('follows maxDepth', () => {
      expect(kindOf('[[]]', 1)).toBe('too-deep');
      expect(kindOf('[]', 1)).toBe('array');
      expect(kindOf('{}', 0)).toBe('too-deep');
    });
  });

  describe('the JSON grammar, as JSON.parse has it', () => {
    it.each([
      ['a missing value', '{"a": }'],
      ['a trailing comma in an object', '{"a": 1,}'],
      ['a trailing comma in an array', '[1,]'],
      ['a leading comma', '[,1]'],
      ['a missing comma', '[1 2]'],
      ['a missing colon', '{"a" 1}'],
      ['a missing comma between members', '{"a": 1 "b": 2}'],
      ['a key that is not a string', '{a: 1}'],
      ['a number as key', '{1: 1}'],
      ['single quotes', "{'a': 1}"],
      ['a mismatched bracket', '[1}'],
      ['a mismatched brace', '{"a": 1]'],
      ['an unclosed array', '[1, 2'],
      ['an unclosed string', '"abc'],
      ['a second top-level value', '{} {}'],
      ['garbage after the value', '{"a": 1} x'],
      ['a bare word', 'undefined'],
      ['a truncated literal', 'nul'],
      ['a literal run on', 'nulls'],
      ['a capitalised literal', 'True'],
      ['a literal glued to a number', '[1true]'],
    ])('when the text has %s, then invalid', (_case, text) => {
      expect(kindOf(text)).toBe('invalid');
    });

    it.each([
      ['a leading zero', '01'],
      ['a negative leading zero', '-01'],
      ['a plus sign', '+1'],
      ['a bare minus', '-'],
      ['a leading dot', '.5'],
      ['a trailing dot', '1.'],
      ['a dot before an exponent', '1.e5'],
      ['an exponent without digits', '1e'],
      ['a signed exponent without digits', '1e+'],
      ['hexadecimal', '0x10'],
      ['Infinity', 'Infinity'],
      ['NaN', 'NaN'],
      ['two minus signs', '--1'],
    ])('when a number has %s, then invalid', (_case, text) => {
      expect(kindOf(text)).toBe('invalid');
      expect(kindOf(`[${text}]`)).toBe('invalid');
    });

    it.each([
      ['0'],
      ['-0'],
      ['10'],
      ['1.25'],
      ['0.0'],
      ['1e5'],
      ['1E-5'],
      ['-1.5e+300'],
      ['1e999'],
    ])('when the number is %s, then it is valid', (text) => {
      expect(kindOf(text)).toBe('scalar');
      expect(kindOf(`[${text},${text}]`)).toBe('array');
    });

    it('when a string holds every allowed escape, then it is valid', () => {
      expect(
        kindOf('"\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\uD83D\\uDE00 \\uABCD \\uabcd"'),
      ).toBe('scalar');
    });

    it.each([
      ['an unknown escape', '"\\x41"'],
      ['an escaped single quote', '"\\\'"'],
      ['\\u with three hex digits', '"\\u00e"'],
      ['\\u with a non-hex first digit', '"\\ug000"'],
      ['\\u with a non-hex third digit', '"\\u00g0"'],
      ['\\u with a non-hex fourth digit', '"\\u000g"'],
      ['\\U in capitals', '"\\U00e9"'],
      ['a backslash at the end', '"abc\\'],
      ['an escaped line feed', '"a\\\nb"'],
    ])('when a string has %s, then invalid', (_case, text) => {
      expect(kindOf(text)).toBe('invalid');
    });

    it('when a string holds a control character, then invalid; DEL is allowed', () => {
      for (let code = 0; code < 0x20; code++) {
        expect([code, kindOf(`["a${String.fromCharCode(code)}b"]`)]).toEqual([code, 'invalid']);
      }
      expect(kindOf('"a\u007fb"')).toBe('scalar');
    });

    it('when a string holds UTF-8, valid or not, then it is valid', () => {
      expect(kindOf('{"name": "Größe 😀 \u2028"}')).toBe('object');
      const broken = bytes(0x22, 0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x22);
      expect(kindOf(broken)).toBe('scalar');
    });

    it('when a byte of 0x80 or more stands outside a string, then invalid', () => {
      expect(kindOf(bytes(0x5b, 0xc3, 0xa9, 0x5d))).toBe('invalid');
      expect(kindOf(bytes(0x7b, 0x7d, 0x80))).toBe('invalid');
    });

    it('when JSON white space is between every token, then it is valid', () => {
      expect(kindOf(' \n[ \t{ "a" \r: [ 1 , true ] , "b" : null } ,\n{ } ] \n')).toBe('array');
    });

    it('when the text has a NUL after the value, then invalid', () => {
      expect(kindOf('{}\u0000')).toBe('invalid');
    });
  });
});
