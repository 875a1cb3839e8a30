import { MESSAGES } from '../../../core/domain/messages';
import {
  checkValue,
  MAX_VALUES,
  validateValue,
  ValueProblem,
  type ValueSpec,
} from '../../../core/domain/value-validators';

describe('checkValue', () => {
  it('when a single value passes, then it is given back as it is, with no result object', () => {
    expect(checkValue({ type: 'text' }, 'Shoe')).toBe('Shoe');
    expect(checkValue({ type: 'number' }, 12.5)).toBe(12.5);
    expect(checkValue({ type: 'enum', options: ['S'] }, 'S')).toBe('S');
  });

  it('when a reference passes, then it is given as its identifier string', () => {
    expect(checkValue({ type: 'reference' }, 7)).toBe('7');
    expect(checkValue({ type: 'reference', multiple: true }, ['a', 7])).toEqual(['a', '7']);
  });

  it('when a list passes, then it is a new list', () => {
    const list = ['a', 'b'];
    const checked = checkValue({ type: 'text', multiple: true }, list);
    expect(checked).toEqual(list);
    expect(checked).not.toBe(list);
  });

  it('when a value fails, then it gives a ValueProblem with validateValue’s message', () => {
    const cases: [ValueSpec, unknown][] = [
      [{ type: 'text' }, 1],
      [{ type: 'integer' }, 1.5],
      [{ type: 'date' }, '2024-02-30'],
      [{ type: 'media' }, 'ftp://a'],
      [{ type: 'reference' }, { $gt: '' }],
      [{ type: 'number', multiple: true }, [1, 'x']],
      [{ type: 'text', multiple: true }, 'a'],
    ];
    for (const [spec, value] of cases) {
      const checked = checkValue(spec, value);
      const validated = validateValue(spec, value);
      expect(checked).toBeInstanceOf(ValueProblem);
      expect(validated.ok).toBe(false);
      expect((checked as ValueProblem).message).toBe(validated.ok ? '' : validated.message);
    }
    expect(checkValue({ type: 'boolean' }, 'true')).toEqual(
      new ValueProblem(MESSAGES.expectedBoolean),
    );
  });

  it('when a list has a hole, then the hole is checked as undefined', () => {
    // eslint-disable-next-line no-sparse-arrays
    const sparse = ['a', , 'c'];
    expect(checkValue({ type: 'text', multiple: true }, sparse)).toEqual(
      new ValueProblem(MESSAGES.atPosition(1, MESSAGES.expectedText)),
    );
  });

  it('when a multiple value has more than MAX_VALUES elements, then it fails naming its count, before any element is checked', () => {
    const spec: ValueSpec = { type: 'number', multiple: true };
    expect(
      checkValue(
        spec,
        Array.from({ length: MAX_VALUES }, (_, i) => i),
      ),
    ).toHaveLength(MAX_VALUES);
    // Elements that would fail their type too: the count is what the sender must fix first.
    expect(
      checkValue(
        spec,
        Array.from({ length: MAX_VALUES + 1 }, () => 'x'),
      ),
    ).toEqual(new ValueProblem('The value has 10,001 elements; at most 10,000 are allowed'));
  });
});
