import { prefixSuccessor } from '../../../core/items/identifier-prefix';

/** Whether `text` falls in [prefix, successor) in UTF-8 byte order, as MongoDB compares. */
function inRange(text: string, prefix: string): boolean {
  const successor = prefixSuccessor(prefix);
  const bytes = (value: string) => Buffer.from(value, 'utf8');
  return (
    Buffer.compare(bytes(text), bytes(prefix)) >= 0 &&
    (successor === null || Buffer.compare(bytes(text), bytes(successor)) < 0)
  );
}

describe('the range of identifiers starting with a prefix', () => {
  it('when the prefix ends in a plain character, then the successor raises it by one', () => {
    expect(prefixSuccessor('A-1')).toBe('A-2');
    expect(prefixSuccessor('a')).toBe('b');
  });

  it('when the prefix ends before the surrogates, then the successor skips them', () => {
    expect(prefixSuccessor('x\ud7ff')).toBe('x\ue000');
  });

  it('when the prefix ends in the last code point, then the one before it is raised', () => {
    expect(prefixSuccessor('a\u{10ffff}')).toBe('b');
    expect(prefixSuccessor('\u{10ffff}')).toBeNull();
  });

  it.each([
    ['A-1', ['A-1', 'A-10', 'A-1\u{10ffff}', 'A-1\uffff'], ['A-2', 'A-0', 'A-', 'B']],
    ['😀', ['😀', '😀-1', '😀😀'], ['😁', '😀'.slice(0, 1), 'A']],
    ['\uffff', ['\uffff', '\uffffa'], ['\u{10000}', '\ufffe']],
  ])(
    'when the prefix is %p, then exactly the strings starting with it are in range',
    (prefix, inside, outside) => {
      for (const text of inside)
        expect({ text, in: inRange(text, prefix) }).toEqual({ text, in: true });
      for (const text of outside)
        expect({ text, in: inRange(text, prefix) }).toEqual({ text, in: false });
    },
  );
});
