import { lazyLookupKeys, resolveLazy } from '../../../core/pipeline/lazy-match';

describe('lazyLookupKeys', () => {
  it('when stored identifiers have some lengths, then the substrings of those lengths are keys', () => {
    expect(lazyLookupKeys(['ERP-A100'], [4]).sort()).toEqual(
      ['erp-', 'rp-a', 'p-a1', '-a10', 'a100'].sort(),
    );
  });

  it('when lengths are below 3, then they give no keys', () => {
    expect(lazyLookupKeys(['ABCDE'], [1, 2])).toEqual([]);
    expect(lazyLookupKeys(['ABCDE'], [2, 3])).toEqual(['abc', 'bcd', 'cde']);
  });

  it('when a length exceeds the identifier, then it gives no keys', () => {
    expect(lazyLookupKeys(['abc'], [4, 10])).toEqual([]);
  });

  it('when the identifier itself has a stored length, then its whole lower-cased form is a key', () => {
    expect(lazyLookupKeys(['AbC'], [3])).toEqual(['abc']);
  });

  it('when keys repeat within and across identifiers, then each is listed once', () => {
    expect(lazyLookupKeys(['aaaa', 'AAAA', 'aaaa'], [3, 3])).toEqual(['aaa']);
    expect(lazyLookupKeys(['xabc', 'abcy'], [3]).sort()).toEqual(['abc', 'bcy', 'xab']);
  });

  it('when lengths are odd values, then they are ignored', () => {
    expect(lazyLookupKeys(['abcd'], [Number.NaN, 3.5, -1, 0])).toEqual([]);
  });

  it('when a substring would split a surrogate pair, then it is left out', () => {
    const keys = lazyLookupKeys(['a😀bc'], [3]);
    expect(keys).toEqual(['a😀', '😀b']);
    expect(keys.every((key) => !/[\ud800-\udfff]/u.test(key))).toBe(true);
  });

  it('when nothing is stored, then there are no keys', () => {
    expect(lazyLookupKeys(['abcdef'], [])).toEqual([]);
  });
});

describe('resolveLazy', () => {
  it('when an item has exactly the identifier, then it is the match even if longer ones exist', () => {
    expect(resolveLazy('ABC-1', 'ABC-1', ['ABC', 'ABC-1'])).toEqual({
      kind: 'exact',
      identifier: 'ABC-1',
    });
  });

  it('when the candidates hold the identifier exactly, then it is exact', () => {
    expect(resolveLazy('ABC-1', undefined, ['BC-1', 'ABC-1'])).toEqual({
      kind: 'exact',
      identifier: 'ABC-1',
    });
  });

  it('when a stored identifier is a prefix of the incoming one, then it matches', () => {
    expect(resolveLazy('A100-v2', undefined, ['A100'])).toEqual({
      kind: 'match',
      identifier: 'A100',
    });
  });

  it('when a stored identifier is a suffix of the incoming one, then it matches', () => {
    expect(resolveLazy('ERP-A100', undefined, ['A100'])).toEqual({
      kind: 'match',
      identifier: 'A100',
    });
  });

  it('when the incoming identifier has both a prefix and a suffix, then the inner one matches', () => {
    expect(resolveLazy('ERP-A100-v2', undefined, ['A100'])).toEqual({
      kind: 'match',
      identifier: 'A100',
    });
  });

  it('when case differs, then it still matches, and the stored spelling is returned', () => {
    expect(resolveLazy('erp-a100', undefined, ['A100'])).toEqual({
      kind: 'match',
      identifier: 'A100',
    });
    expect(resolveLazy('A100', undefined, ['a100'])).toEqual({ kind: 'match', identifier: 'a100' });
  });

  it('when only a case-insensitive whole match exists, then it is a match, not exact', () => {
    expect(resolveLazy('abc-1', undefined, ['ABC-1'])).toEqual({
      kind: 'match',
      identifier: 'ABC-1',
    });
  });

  it('when a stored identifier is shorter than 3 characters, then it never matches', () => {
    expect(resolveLazy('XA1', undefined, ['A1', 'X'])).toEqual({ kind: 'none' });
  });

  it('when a stored identifier has 3 characters outside the BMP, then it counts as 3', () => {
    expect(resolveLazy('x😀😀😀y', undefined, ['😀😀😀'])).toEqual({
      kind: 'match',
      identifier: '😀😀😀',
    });
    expect(resolveLazy('x😀y', undefined, ['😀y'])).toEqual({ kind: 'none' });
  });

  it('when several stored identifiers occur inside, then the longest wins', () => {
    expect(resolveLazy('ERP-A100-v2', undefined, ['A10', 'A100', 'ERP'])).toEqual({
      kind: 'match',
      identifier: 'A100',
    });
  });

  it('when two of the longest length occur inside, then it is ambiguous, sorted', () => {
    expect(resolveLazy('A100-B200', undefined, ['B200', 'A100', 'A10'])).toEqual({
      kind: 'ambiguous',
      message: 'Ambiguous identifier: matches A100, B200',
    });
  });

  it('when two stored identifiers differ only in case, then both match and it is ambiguous', () => {
    expect(resolveLazy('xabcx', undefined, ['abc', 'ABC'])).toEqual({
      kind: 'ambiguous',
      message: 'Ambiguous identifier: matches ABC, abc',
    });
  });

  it('when a candidate is listed twice, then it is one candidate', () => {
    expect(resolveLazy('xabcx', undefined, ['abc', 'abc'])).toEqual({
      kind: 'match',
      identifier: 'abc',
    });
  });

  it('when no candidate occurs inside, then there is none and X will be created', () => {
    expect(resolveLazy('NEW-1', undefined, [])).toEqual({ kind: 'none' });
    expect(resolveLazy('NEW-1', undefined, ['OTHER', 'W-2'])).toEqual({ kind: 'none' });
  });

  it('when a candidate is longer than the incoming identifier, then it does not occur inside', () => {
    expect(resolveLazy('A100', undefined, ['A100-v2'])).toEqual({ kind: 'none' });
  });

  it('when keys and candidates are used together, then a lookup finds what resolve picks', () => {
    const stored = ['A100', 'a1', 'B200-XL', 'zzz'];
    const lowerStored = new Map(stored.map((id) => [id.toLowerCase(), id]));
    const lengths = [...new Set([...lowerStored.keys()].map((id) => id.length))];
    const incoming = 'erp-b200-xl-2024';
    const keys = lazyLookupKeys([incoming], lengths);
    const candidates = keys.flatMap((key) => lowerStored.get(key) ?? []);
    expect(candidates).toEqual(['B200-XL']);
    expect(resolveLazy(incoming, undefined, candidates)).toEqual({
      kind: 'match',
      identifier: 'B200-XL',
    });
  });
});
