/**
 * The receipt order of funnel requests across every API process and host: one counter in Redis,
 * incremented as each request is accepted. Wall clocks cannot give this order: two requests in the
 * same millisecond, or on hosts whose clocks differ, would tie or swap (docs/storage.md#receipt-order).
 *
 * The counter never starts below the accepting host's clock in microseconds, so that a counter
 * Redis lost (a restart without persistence) goes on above the numbers handed out before it:
 * those were at most one per request above a clock reading of their own time.
 */
import type { RedisClient } from './redis-connection';
import type { KeySpace } from './key-space';

const NEXT = `
local next = redis.call('INCR', KEYS[1])
local floor = tonumber(ARGV[1])
if next < floor then
  redis.call('SET', KEYS[1], ARGV[1])
  return ARGV[1]
end
return next`;

/** When a request was received: `sequence` orders it, `receivedAt` is what people read. */
export interface Receipt {
  sequence: number;
  receivedAt: Date;
}

/** A job's receipt. */
export function receiptOf(data: { sequence: number; receivedAt: string }): Receipt {
  return { sequence: data.sequence, receivedAt: new Date(data.receivedAt) };
}

/** Microseconds since the epoch: far below 2^53 until the year 2255. */
export const clockFloor = (at: Date): number => at.getTime() * 1000;

export class ReceiptSequence {
  private readonly key: string;

  constructor(
    private readonly redis: RedisClient,
    keys: KeySpace,
  ) {
    // One key for the whole deployment: the number is taken before the request's tenant is known.
    this.key = keys.global('receipt-sequence');
  }

  /** The next number: greater than every number handed out before, on any process. */
  async next(now: Date): Promise<number> {
    const reply = await this.redis.eval(NEXT, 1, this.key, String(clockFloor(now)));
    return Number(reply);
  }
}
