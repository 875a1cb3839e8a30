/**
 * The per-token rate limit (RATE_LIMIT_PER_MINUTE), counted in Redis so that it holds across API
 * processes: a fixed one-minute window per token, opened by its first request. Over the limit:
 * 429 with Retry-After (seconds until the window closes).
 */
import type { RequestHandler } from 'express';
import type { RedisClient } from '../../core/redis/redis-connection';
import type { KeySpace } from '../../core/redis/key-space';
import { HttpError, unavailable } from '../http/http-error';

const WINDOW_MS = 60_000;
/** INCR, expiry set by the first hit of a window; returns [count, ms left]. */
const COUNT_HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

export function rateLimit(redis: RedisClient, keys: KeySpace, perMinute: number): RequestHandler {
  return async (req, res, next) => {
    let count: number;
    let msLeft: number;
    try {
      const { tenant, tokenId } = req.principal;
      const key = `${keys.ofTenant(tenant)}:rate:${tokenId}`;
      [count, msLeft] = (await redis.eval(COUNT_HIT, 1, key, WINDOW_MS)) as [number, number];
    } catch {
      throw unavailable('the queue');
    }
    res.setHeader('RateLimit-Limit', String(perMinute));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, perMinute - count)));
    if (count > perMinute) {
      const seconds = Math.max(1, Math.ceil(msLeft / 1000));
      throw new HttpError(
        429,
        `Rate limit of ${perMinute} requests per minute reached; retry in ${seconds} s`,
        {
          'Retry-After': String(seconds),
        },
      );
    }
    next();
  };
}
