import {
  MAX_SEGMENTS,
  RUNS_PER_IDENTIFIER,
  segmentRunSpans,
  segmentRuns,
} from '../../../core/domain/segment-runs';

const sorted = (runs: string[]) => [...runs].sort();

describe('segmentRuns', () => {
  it('when an identifier has separators, then its runs are the whole segments and their sequences, lower-cased', () => {
    expect(sorted(segmentRuns('DE/12345/A'))).toEqual(
      sorted(['de', 'de/12345', 'de/12345/a', '12345', '12345/a', 'a']),
    );
  });

  it('when an identifier has no separator, then its only run is itself', () => {
    expect(segmentRuns('SKU12345')).toEqual(['sku12345']);
  });

  it('when separators follow each other, then runs may start or end with one of them', () => {
    // "-" alone is no run: a letter stands on one side of either dash.
    expect(sorted(segmentRuns('a--b'))).toEqual(sorted(['a', 'a-', 'a--b', '-b', 'b']));
  });

  it('when a run repeats, then it is listed once', () => {
    expect(sorted(segmentRuns('abc-ABC'))).toEqual(sorted(['abc', 'abc-abc']));
  });

  it('when lengths are wanted, then only runs of those lower-cased lengths are made', () => {
    expect(segmentRuns('ERP-A100-v2', (length) => length === 4)).toEqual(['a100']);
  });

  it('when a dotted capital I lengthens the lower-cased form, then the wanted length counts it', () => {
    // "İ" lower-cases to "i" and U+0307: the run "İSTANBUL" is 9 units once lower-cased.
    expect(segmentRuns('XX-İSTANBUL', (length) => length === 9)).toEqual(['i̇stanbul']);
    expect(segmentRuns('XX-İSTANBUL', (length) => length === 8)).toEqual([]);
  });

  it('when characters lie outside the BMP, then a run never splits a surrogate pair', () => {
    const runs = segmentRuns('a😀bc');
    expect(sorted(runs)).toEqual(sorted(['a', 'a😀bc', 'bc']));
    expect(runs.every((run) => !/[\ud800-\udfff]/u.test(run))).toBe(true);
  });

  it('when an identifier has at most 16 segments, then every run of them is a run', () => {
    const identifier = Array.from({ length: MAX_SEGMENTS }, (_, i) => `s${i}`).join('-');
    expect(segmentRunSpans(identifier)).toHaveLength((MAX_SEGMENTS * (MAX_SEGMENTS + 1)) / 2);
  });

  it('when an identifier of up to 256 characters has many segments, then it has at most RUNS_PER_IDENTIFIER runs', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const identifier = Array.from({ length: 128 }, (_, i) => letters[i % 26]).join('-');
    expect(identifier.length).toBe(255);
    expect(segmentRunSpans(identifier)).toHaveLength(RUNS_PER_IDENTIFIER);
    expect(segmentRunSpans(`${identifier}-`)).toHaveLength(RUNS_PER_IDENTIFIER - 1);
    expect(RUNS_PER_IDENTIFIER).toBe(273);
  });

  it('when an identifier is only separators, then it is bounded as well', () => {
    expect(segmentRunSpans('-'.repeat(256)).length).toBeLessThanOrEqual(RUNS_PER_IDENTIFIER);
  });
});
