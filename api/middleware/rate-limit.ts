/**
 * The per-caller rate limits, counted in Redis so that they hold across API processes: a fixed
 * one-minute window per counter, opened by its first request. Writes (RATE_LIMIT_PER_MINUTE) and
 * reads (READ_RATE_LIMIT_PER_MINUTE, read-rate-limit.ts) count apart. Over the limit: 429 with
 * Retry-After (seconds until the window closes); every counted answer says the limit and what
 * is left of it (docs/api-behaviour.md#rate-limits).
 */
import type { RequestHandler, Response } from 'express';
import type { RedisClient } from '../../core/redis/redis-connection';
import type { KeySpace } from '../../core/redis/key-space';
import { HttpError, unavailable } from '../http/http-error';

const WINDOW_MS = 60_000;
/** INCR, expiry set by the first hit of a window; returns [count, ms left]. */
const COUNT_HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/** One limit: how many requests a caller may make a minute, and the counter they go to. */
export interface CallLimit {
  perMinute: number;
  /** The counter's name in the tenant's key space: `rate` (writes) or `read-rate`. */
  counter: string;
  /** What is limited, for the 429's message: "requests", "reads". */
  noun: string;
  /** While Redis does not answer: refuse the request (503), or let it through uncounted. */
  whenRedisIsAway: 'refuse' | 'admit';
}

/** A request's caller, as a limit counts it. */
export interface Caller {
  tenant: string;
  /** The token's id, or for a console session its user's. */
  id: string;
}

/**
 * Counts a caller's request against `limit` and sets the RateLimit headers; throws 429 over the
 * limit, and 503 when Redis does not answer unless the limit admits the request then.
 */
export async function countCall(
  redis: RedisClient,
  keys: KeySpace,
  limit: CallLimit,
  caller: Caller,
  res: Response,
): Promise<void> {
  let count: number;
  let msLeft: number;
  try {
    const key = `${keys.ofTenant(caller.tenant)}:${limit.counter}:${caller.id}`;
    [count, msLeft] = (await redis.eval(COUNT_HIT, 1, key, WINDOW_MS)) as [number, number];
  } catch {
    if (limit.whenRedisIsAway === 'admit') return;
    throw unavailable('the queue');
  }
  const { perMinute } = limit;
  res.setHeader('RateLimit-Limit', String(perMinute));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, perMinute - count)));
  if (count > perMinute) {
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    throw new HttpError(
      429,
      `Rate limit of ${perMinute} ${limit.noun} per minute reached; retry in ${seconds} s`,
      { 'Retry-After': String(seconds) },
    );
  }
}

/** The write limit (RATE_LIMIT_PER_MINUTE), per token, after the access check. */
export function rateLimit(redis: RedisClient, keys: KeySpace, perMinute: number): RequestHandler {
  // A funnel request cannot be queued without Redis anyway.
  const limit: CallLimit = {
    perMinute,
    counter: 'rate',
    noun: 'requests',
    whenRedisIsAway: 'refuse',
  };
  return async (req, res, next) => {
    const { tenant, tokenId } = req.principal;
    await countCall(redis, keys, limit, { tenant, id: tokenId }, res);
    next();
  };
}
