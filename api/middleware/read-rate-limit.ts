/**
 * The read limit (READ_RATE_LIMIT_PER_MINUTE): every GET (and HEAD) below /api/v1 that names a
 * caller counts against that caller's reads, apart from its writes, so that one caller's reads
 * cannot crowd out everyone's. A token counts for itself; a console session for its user, however
 * many sessions the user has. A request that names no valid caller is not counted: its route
 * answers it (401, or the public docs). Counted before the route's own checks, which ask the
 * same answer (request-identity.ts): a read the route refuses is counted too.
 */
import type { RequestHandler } from 'express';
import { isAuthFailure, type Authenticator, type Principal } from '../../core/auth/authenticator';
import type { KeySpace } from '../../core/redis/key-space';
import type { RedisClient } from '../../core/redis/redis-connection';
import { identityOf } from '../http/request-identity';
import { countCall, type Caller, type CallLimit } from './rate-limit';

const READS = new Set(['GET', 'HEAD']);

function callerOf(principal: Principal): Caller {
  const id = principal.via === 'session' ? `user-${principal.userId}` : principal.tokenId;
  return { tenant: principal.tenant, id };
}

export function readRateLimit(
  auth: Authenticator,
  redis: RedisClient,
  keys: KeySpace,
  perMinute: number,
): RequestHandler {
  // Most reads need only MongoDB: while Redis is away they go on, uncounted.
  const limit: CallLimit = {
    perMinute,
    counter: 'read-rate',
    noun: 'reads',
    whenRedisIsAway: 'admit',
  };
  return async (req, res, next) => {
    if (!READS.has(req.method)) return next();
    const identity = await identityOf(auth, req);
    if (!isAuthFailure(identity)) await countCall(redis, keys, limit, callerOf(identity), res);
    next();
  };
}
