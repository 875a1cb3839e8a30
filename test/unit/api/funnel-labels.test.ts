import { FunnelLabels } from '../../../api/metrics/funnel-labels';

describe('the bounded funnel labels of the metrics', () => {
  it('when funnels are found, then each gets its own value up to the bound, and the rest "other"', () => {
    const labels = new FunnelLabels(2);
    expect(labels.ofExisting('acme/a')).toBe('acme/a');
    expect(labels.ofExisting('acme/b')).toBe('acme/b');
    expect(labels.ofExisting('acme/c')).toBe('other');
    expect(labels.ofExisting('acme/a')).toBe('acme/a');
    expect(labels.ofExisting('beta/a')).toBe('other');
  });

  it('when a funnel was not looked up, then it is "unknown" unless it was counted before', () => {
    const labels = new FunnelLabels(2);
    expect(labels.ofUnchecked(undefined)).toBe('unknown');
    expect(labels.ofUnchecked('acme/a')).toBe('unknown');
    labels.ofExisting('acme/a');
    expect(labels.ofUnchecked('acme/a')).toBe('acme/a');
    // An unchecked funnel takes no room: the next found one still gets its own value.
    expect(labels.ofUnchecked('acme/zzz')).toBe('unknown');
    expect(labels.ofExisting('acme/b')).toBe('acme/b');
  });

  it('when ten thousand funnels are counted, then at most the bound plus two values exist', () => {
    const labels = new FunnelLabels(50);
    const values = new Set<string>();
    for (let i = 0; i < 10_000; i += 1) {
      values.add(labels.ofExisting(`t${i % 7}/f${i}`));
      values.add(labels.ofUnchecked(i % 3 === 0 ? undefined : `t/x${i}`));
    }
    expect(values.size).toBe(52);
  });
});
