/** How much one commit of a full sync may delete (docs/full-syncs.md#guard-rails). */
import { allowedDeletes, commitLimitSchema } from '../../../core/syncs/commit-limit';

describe('the commit limit', () => {
  it('when the limit is a count, then that many may be deleted whatever the funnel holds', () => {
    expect(allowedDeletes({ maxDeletes: 7 }, 3)).toBe(7);
    expect(allowedDeletes({ maxDeletes: 0 }, 1_000)).toBe(0);
  });

  it('when the limit is a percentage, then that share of the funnel items, rounded down', () => {
    expect(allowedDeletes({ maxDeletePercent: 10 }, 100_000)).toBe(10_000);
    expect(allowedDeletes({ maxDeletePercent: 49 }, 4)).toBe(1);
    expect(allowedDeletes({ maxDeletePercent: 100 }, 3)).toBe(3);
    expect(allowedDeletes({ maxDeletePercent: 0.5 }, 100)).toBe(0);
  });

  it('when a job carries both limits, or one out of range, then its data does not parse', () => {
    expect(commitLimitSchema.safeParse({ maxDeletes: 1, maxDeletePercent: 2 }).success).toBe(false);
    expect(commitLimitSchema.safeParse({ maxDeletePercent: 101 }).success).toBe(false);
    expect(commitLimitSchema.safeParse({ maxDeletes: 1.5 }).success).toBe(false);
  });
});
