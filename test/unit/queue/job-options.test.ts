import {
  backoffStrategy,
  CAPPED_EXPONENTIAL,
  RECORD_HISTORY_JOB_OPTIONS,
} from '../../../core/queue/job-options';
import { PAYLOAD_TTL_SECONDS } from '../../../core/redis/payload-store';

const pause = (attemptsMade: number) => backoffStrategy(attemptsMade, CAPPED_EXPONENTIAL) as number;

describe('the pauses of a late history record', () => {
  it('when it keeps failing, then the pauses double from 1 s up to 5 minutes', () => {
    expect([1, 2, 3, 4].map(pause)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(pause(9)).toBe(256_000);
    expect(pause(10)).toBe(300_000);
    expect(pause(299)).toBe(300_000);
  });

  it('when every attempt fails, then they span about the day its payload stays in Redis', () => {
    const attempts = RECORD_HISTORY_JOB_OPTIONS.attempts ?? 1;
    let spanMs = 0;
    for (let made = 1; made < attempts; made++) spanMs += pause(made);
    expect(spanMs).toBeGreaterThanOrEqual(PAYLOAD_TTL_SECONDS * 1_000);
    expect(spanMs).toBeLessThan(PAYLOAD_TTL_SECONDS * 1_000 * 1.1);
  });

  it('when BullMQ asks for another type, then it refuses rather than guess', () => {
    expect(() => backoffStrategy(1, 'linear')).toThrow(/Unknown backoff type/);
  });
});
