import { MESSAGES } from '../../../core/domain/messages';
import type { PathRead } from '../../../core/domain/path-reader';
import {
  applyTransforms,
  transformSchema,
  transformsSchema,
  type Transform,
} from '../../../core/domain/transforms';

const sent = (value: unknown): PathRead => ({ found: true, value });
const MISSING: PathRead = { found: false };

/** The value the steps give, or the message they fail with. */
function run(transforms: Transform[], read: PathRead): unknown {
  const result = applyTransforms(transforms, read);
  if (!result.ok) return { failed: result.message };
  return result.read.found ? result.read.value : 'MISSING';
}

describe('value transforms', () => {
  describe('with no transforms', () => {
    it.each([undefined, []])(
      'when the list is %p, then the read is given back as it is',
      (list) => {
        const read = sent({ any: 'thing' });
        const result = applyTransforms(list, read);
        expect(result).toEqual({ ok: true, read });
      },
    );
  });

  describe('trim', () => {
    const trim: Transform[] = [{ op: 'trim' }];

    it('when the value is a string, then white space at both ends goes, unicode spaces included', () => {
      expect(run(trim, sent(' \t Red\u00a0\n'))).toBe('Red');
    });

    it('when the value is an array, then each string element is trimmed and the rest kept', () => {
      expect(run(trim, sent([' a ', 7, null, [' b '], ' c']))).toEqual([
        'a',
        7,
        null,
        [' b '],
        'c',
      ]);
    });

    it.each([12, true, { a: ' x ' }])('when the value is %p, then it is left as it is', (value) => {
      expect(run(trim, sent(value))).toEqual(value);
    });

    it('when the value is only white space, then it becomes "" (no value)', () => {
      expect(run(trim, sent('   '))).toBe('');
    });
  });

  describe('lowercase and uppercase', () => {
    it('when the value is a string, then it is lower- or upper-cased, whatever the locale', () => {
      expect(run([{ op: 'lowercase' }], sent('ÄBC-İ'))).toBe('äbc-i̇');
      expect(run([{ op: 'uppercase' }], sent('straße'))).toBe('STRASSE');
    });

    it('when the value is an array, then each string element is changed', () => {
      expect(run([{ op: 'uppercase' }], sent(['s', 1, 'm']))).toEqual(['S', 1, 'M']);
    });

    it('when the value is not a string, then it is left as it is', () => {
      expect(run([{ op: 'lowercase' }], sent(3.5))).toBe(3.5);
      expect(run([{ op: 'uppercase' }], sent(false))).toBe(false);
    });

    it('when a string holds a lone surrogate, then it is changed without throwing', () => {
      expect(run([{ op: 'uppercase' }], sent('a\ud800'))).toBe('A\ud800');
    });
  });

  describe('number', () => {
    const number: Transform[] = [{ op: 'number' }];

    it.each([
      ['12', 12],
      [' 12.5 ', 12.5],
      ['-3', -3],
      ['+4', 4],
      ['.5', 0.5],
      ['5.', 5],
      ['1e3', 1000],
      ['1.5E-2', 0.015],
      ['007', 7],
    ])('when the value is %p, then it becomes %p', (text, expected) => {
      expect(run(number, sent(text))).toBe(expected);
    });

    it('when the value is already a number, then it stays as it is', () => {
      expect(run(number, sent(49.9))).toBe(49.9);
    });

    it.each(['12,5', 'abc', '1 000', '0x10', 'Infinity', 'NaN', '1e', '--1', '12.5.1', '1_000'])(
      'when the value is %p, then the item fails with a message quoting it',
      (text) => {
        expect(run(number, sent(text))).toEqual({ failed: MESSAGES.notNumeric(text) });
      },
    );

    it('when the string is too large for a double, then it fails rather than give Infinity', () => {
      expect(run(number, sent('1e400'))).toEqual({ failed: MESSAGES.numberNotFinite('1e400') });
      expect(run(number, sent('9'.repeat(400)))).toEqual({
        failed: MESSAGES.numberNotFinite('9'.repeat(400)),
      });
    });

    it.each([Infinity, -Infinity, NaN])(
      'when the value is the number %p, then it fails',
      (value) => {
        expect(run(number, sent(value))).toEqual({
          failed: MESSAGES.numberNotFinite(String(value)),
        });
      },
    );

    it.each([true, { value: 1 }, [[1]]])('when the value is %p, then it fails', (value) => {
      const result = run(number, sent(value));
      expect(result).toEqual({
        failed: Array.isArray(value)
          ? MESSAGES.atPosition(0, MESSAGES.expectedNumeric)
          : MESSAGES.expectedNumeric,
      });
    });

    it('when the value is an array, then each element is read, and the first bad one is named', () => {
      expect(run(number, sent(['1', 2, ' 3.5 ']))).toEqual([1, 2, 3.5]);
      expect(run(number, sent(['1', 'x', 'y']))).toEqual({
        failed: MESSAGES.atPosition(1, MESSAGES.notNumeric('x')),
      });
      expect(run(number, sent(['1', '']))).toEqual({
        failed: MESSAGES.atPosition(1, MESSAGES.notNumeric('')),
      });
    });

    it('when the value is only white space, then it is no value (""), not a failure', () => {
      expect(run(number, sent('  '))).toBe('');
    });
  });

  describe('split', () => {
    const comma: Transform[] = [{ op: 'split', separator: ',' }];

    it('when the value is a string, then it becomes its parts, trimmed, without empty ones', () => {
      expect(run(comma, sent('red, green,,blue , '))).toEqual(['red', 'green', 'blue']);
    });

    it('when the separator is several characters, then it is matched as a whole', () => {
      expect(run([{ op: 'split', separator: ' | ' }], sent('a | b|c'))).toEqual(['a', 'b|c']);
    });

    it('when the string has no separator, then it is a list of one', () => {
      expect(run(comma, sent('red'))).toEqual(['red']);
    });

    it('when the string holds only separators and spaces, then it is an empty list', () => {
      expect(run(comma, sent(' , ,'))).toEqual([]);
    });

    it.each([12, true, ['a,b'], { a: 'b' }])(
      'when the value is %p, then it is left as it is',
      (value) => {
        expect(run(comma, sent(value))).toEqual(value);
      },
    );
  });

  describe('default', () => {
    const fallback: Transform[] = [{ op: 'default', value: 'n/a' }];

    it.each([
      ['missing', MISSING],
      ['null', sent(null)],
      ['""', sent('')],
    ])('when the value is %s, then it becomes the default', (_name, read) => {
      expect(run(fallback, read)).toBe('n/a');
    });

    it.each([' ', 0, false, [], {}])('when the value is %p, then it is kept', (value) => {
      expect(run(fallback, sent(value))).toEqual(value);
    });

    it('when the default is a list, then each item gets its own copy', () => {
      const list: Transform[] = [{ op: 'default', value: ['a'] }];
      const first = run(list, MISSING) as string[];
      first.push('changed');
      expect(run(list, MISSING)).toEqual(['a']);
    });
  });

  describe('chains', () => {
    it('when steps are listed, then they run in order', () => {
      const chain: Transform[] = [
        { op: 'trim' },
        { op: 'lowercase' },
        { op: 'split', separator: ';' },
      ];
      expect(run(chain, sent('  Shoes; SALE ;  '))).toEqual(['shoes', 'sale']);
    });

    it('when trim comes before default, then white space alone gets the default', () => {
      const chain: Transform[] = [{ op: 'trim' }, { op: 'default', value: 'none' }];
      expect(run(chain, sent('   '))).toBe('none');
    });

    it('when default comes before number, then the default is read as a number too', () => {
      const chain: Transform[] = [{ op: 'default', value: '0' }, { op: 'number' }];
      expect(run(chain, MISSING)).toBe(0);
      expect(run(chain, sent('7'))).toBe(7);
    });

    it('when a value is missing and no default comes, then it stays missing through every step', () => {
      const chain: Transform[] = [
        { op: 'trim' },
        { op: 'number' },
        { op: 'split', separator: ',' },
      ];
      expect(run(chain, MISSING)).toBe('MISSING');
      expect(run(chain, sent(null))).toBeNull();
    });

    it('when a step fails, then the later steps do not run', () => {
      const chain: Transform[] = [{ op: 'number' }, { op: 'default', value: 1 }];
      expect(run(chain, sent('abc'))).toEqual({ failed: MESSAGES.notNumeric('abc') });
    });
  });

  describe('the schema of a transform', () => {
    it.each([
      { op: 'trim' },
      { op: 'lowercase' },
      { op: 'uppercase' },
      { op: 'number' },
      { op: 'split', separator: ',' },
      { op: 'default', value: 'x' },
      { op: 'default', value: 0 },
      { op: 'default', value: false },
      { op: 'default', value: ['a', 1] },
    ])('when it is %p, then it is accepted', (transform) => {
      expect(transformSchema.safeParse(transform).success).toBe(true);
    });

    it.each([
      ['an unknown op', { op: 'reverse' }, ['op']],
      ['no op', {}, ['op']],
      ['a split without separator', { op: 'split' }, ['separator']],
      ['an empty separator', { op: 'split', separator: '' }, ['separator']],
      ['a long separator', { op: 'split', separator: ','.repeat(17) }, ['separator']],
      ['a default without value', { op: 'default' }, ['value']],
      ['a default of null', { op: 'default', value: null }, ['value']],
      ['a default object', { op: 'default', value: { a: 1 } }, ['value']],
      ['a default list of lists', { op: 'default', value: [[1]] }, ['value']],
      ['an extra key', { op: 'trim', side: 'left' }, []],
      ['a string', 'trim', []],
    ])('when it is %s, then it is refused, naming the bad key', (_name, transform, path) => {
      const parsed = transformSchema.safeParse(transform);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(path);
    });

    it('when a default is null or an object, then the message says what it may be', () => {
      const parsed = transformSchema.safeParse({ op: 'default', value: null });
      expect(parsed.error?.issues[0]?.message).toBe(
        'must be a string, a number, true or false, or an array of them',
      );
    });

    it('when an op is unknown, then the message lists the ops', () => {
      const parsed = transformSchema.safeParse({ op: 'reverse' });
      expect(parsed.error?.issues[0]?.message).toBe(
        'must be one of: trim, lowercase, uppercase, number, split, default',
      );
    });

    it('when a list has more than 20 steps, then it is refused', () => {
      const list = Array.from({ length: 21 }, () => ({ op: 'trim' }));
      expect(transformsSchema.safeParse(list).success).toBe(false);
      expect(transformsSchema.safeParse(list.slice(1)).success).toBe(true);
    });
  });
});
