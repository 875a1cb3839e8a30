import { resolveLazy } from '../../../core/domain/lazy-match';

/** The stored identifier X resolves to, or what else it resolves as. */
const resolve = (incoming: string, candidates: string[]) =>
  resolveLazy(incoming, undefined, candidates);
const match = (identifier: string) => ({ kind: 'match', identifier });
const none = { kind: 'none' };

describe('resolveLazy', () => {
  it('when an item has exactly the identifier, then it is the match even if longer ones exist', () => {
    expect(resolveLazy('ABC-1', 'ABC-1', ['ABC', 'ABC-1'])).toEqual({
      kind: 'exact',
      identifier: 'ABC-1',
    });
  });

  it('when the candidates hold the identifier exactly, then it is exact', () => {
    expect(resolve('ABC-1', ['BC-1', 'ABC-1'])).toEqual({ kind: 'exact', identifier: 'ABC-1' });
  });

  it('when a stored identifier is a prefix, a suffix or an inner part of whole segments, then it matches', () => {
    expect(resolve('12345-DE', ['12345'])).toEqual(match('12345'));
    expect(resolve('DE-12345', ['12345'])).toEqual(match('12345'));
    expect(resolve('DE/12345/A', ['12345'])).toEqual(match('12345'));
  });

  it('when a stored identifier ends inside a segment of the incoming one, then it does not match', () => {
    expect(resolve('E-14', ['E-1'])).toEqual(none);
    expect(resolve('A-10', ['A-1'])).toEqual(none);
    expect(resolve('X-A-10-Y', ['A-1'])).toEqual(none);
  });

  it('when a stored identifier starts inside a segment of the incoming one, then it does not match', () => {
    expect(resolve('SKU12345', ['12345'])).toEqual(none);
    expect(resolve('DE-SKU12345-A', ['12345'])).toEqual(none);
    expect(resolve('1E-1', ['E-1'])).toEqual(none);
  });

  it('when any character that is neither a letter nor a digit bounds it, then it is a separator', () => {
    for (const separator of [
      '-',
      '_',
      '.',
      '/',
      ' ',
      '+',
      '#',
      ':',
      '\u2013',
      '\u00a0',
      '、',
      '·',
    ]) {
      expect(resolve(`de${separator}12345${separator}a`, ['12345'])).toEqual(match('12345'));
    }
  });

  it('when Unicode letters or digits touch it, then they are part of the segment and it does not match', () => {
    expect(resolve('Ä12345', ['12345'])).toEqual(none);
    expect(resolve('商品12345', ['12345'])).toEqual(none);
    expect(resolve('٣12345', ['12345'])).toEqual(none);
    expect(resolve('12345Ω', ['12345'])).toEqual(none);
    expect(resolve('商品-12345', ['12345'])).toEqual(match('12345'));
    expect(resolve('straße-12345', ['STRASSE', '12345'])).toEqual(match('12345'));
  });

  it('when a stored identifier of Unicode letters and digits is a whole segment, then it matches', () => {
    expect(resolve('erp-café-٣', ['CAFÉ'])).toEqual(match('CAFÉ'));
    expect(resolve('x/١٢٣/y', ['١٢٣'])).toEqual(match('١٢٣'));
  });

  it('when case differs, then it still matches, and the stored spelling is returned', () => {
    expect(resolve('erp-a100', ['A100'])).toEqual(match('A100'));
    expect(resolve('ERP-A100', ['a100'])).toEqual(match('a100'));
  });

  it('when only a case-insensitive equal exists, then it is a match, not exact', () => {
    expect(resolve('abc-1', ['ABC-1'])).toEqual(match('ABC-1'));
  });

  it('when a stored identifier holds separators itself, then it matches as a run of segments', () => {
    expect(resolve('x_de-12345_y', ['DE-12345'])).toEqual(match('DE-12345'));
    expect(resolve('x_de_12345_y', ['DE-12345'])).toEqual(none);
    expect(resolve('xde-12345_y', ['DE-12345'])).toEqual(none);
  });

  it('when a stored identifier starts or ends with a separator, then a separator must stand beside it', () => {
    expect(resolve('ab--123', ['-123'])).toEqual(match('-123'));
    expect(resolve('ab-123', ['-123'])).toEqual(none);
    expect(resolve('v2.0.-x', ['2.0.'])).toEqual(none);
    expect(resolve('v-2.0.-x', ['2.0.'])).toEqual(match('2.0.'));
  });

  it('when a stored identifier is shorter than 3 characters, then it never matches', () => {
    expect(resolve('X-A1', ['A1', 'X'])).toEqual(none);
  });

  it('when characters lie outside the BMP, then each counts once and pairs are never split', () => {
    // Deseret capitals and their lower-case forms: letters, two UTF-16 units each.
    expect(resolve('ERP-𐐀𐐁𐐂', ['𐐨𐐩𐐪'])).toEqual(match('𐐨𐐩𐐪'));
    expect(resolve('ERP-𐐀𐐁𐐂1', ['𐐨𐐩𐐪'])).toEqual(none);
    expect(resolve('q-𐐀𐐁', ['𐐨𐐩'])).toEqual(none);
    // An emoji is neither a letter nor a digit: it separates.
    expect(resolve('ABC😀1', ['abc'])).toEqual(match('abc'));
    expect(resolve('pre-x😀yz', ['X😀YZ'])).toEqual(match('X😀YZ'));
  });

  it('when a Greek capital sigma ends the run, then it compares as the final sigma it is stored as', () => {
    // Lower-cased whole, "ΟΔΟΣ.Α" gives "οδοσ.α"; the run "ΟΔΟΣ" alone gives "οδος".
    expect(resolve('ΟΔΟΣ.Α', ['Οδος'])).toEqual(match('Οδος'));
  });

  it('when several stored identifiers are runs of it, then the longest wins', () => {
    expect(resolve('ERP-A100-v2', ['A100', 'ERP', 'A100-V2'])).toEqual(match('A100-V2'));
  });

  it('when two of the longest length are runs of it, then it is ambiguous, sorted', () => {
    expect(resolve('A100-B200', ['B200', 'A100', 'A10'])).toEqual({
      kind: 'error',
      message: 'Ambiguous identifier: matches A100, B200',
    });
  });

  it('when two stored identifiers differ only in case, then both match and it is ambiguous', () => {
    expect(resolve('x-abc-x', ['abc', 'ABC'])).toEqual({
      kind: 'error',
      message: 'Ambiguous identifier: matches ABC, abc',
    });
  });

  it('when a candidate is listed twice, then it is one candidate', () => {
    expect(resolve('x-abc-x', ['abc', 'abc'])).toEqual(match('abc'));
  });

  it('when no candidate is a run of it, then there is none and X will be created', () => {
    expect(resolve('NEW-1', [])).toEqual(none);
    expect(resolve('NEW-1', ['OTHER', 'W-1'])).toEqual(none);
    expect(resolve('A100', ['A100-v2'])).toEqual(none);
  });

  it('when the incoming identifier has more than 16 segments, then only runs within its first 16 or last 16, or all of it, match', () => {
    const segments = Array.from({ length: 33 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const incoming = segments.join('-');
    expect(resolve(incoming, ['P00'])).toEqual(match('P00'));
    expect(resolve(incoming, ['p01-p02'])).toEqual(match('p01-p02'));
    expect(
      resolve(incoming, ['p00-p01-p02-p03-p04-p05-p06-p07-p08-p09-p10-p11-p12-p13-p14-p15']),
    ).toEqual(match('p00-p01-p02-p03-p04-p05-p06-p07-p08-p09-p10-p11-p12-p13-p14-p15'));
    expect(resolve(incoming, ['p17-p18'])).toEqual(match('p17-p18'));
    expect(resolve(incoming, ['p32'])).toEqual(match('p32'));
    expect(resolve(incoming, ['p16'])).toEqual(none);
    expect(resolve(incoming, ['p14-p15-p16-p17'])).toEqual(none);
    expect(resolve(incoming, [incoming.toUpperCase()])).toEqual(match(incoming.toUpperCase()));
  });
});
