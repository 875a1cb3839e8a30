/**
 * Gives every request an id: the caller's `X-Request-Id` when it is a sane token, else a new
 * UUID. The id is echoed in the response and carried by every log line of the request. A funnel
 * request's history record gets an id of the server's (`recordId`): a caller may send one id with
 * many requests, and no request's record may replace another's. Also stamps the receive time
 * first thing, before authentication and the body read: what the history shows as `receivedAt`.
 * (The order of requests is their receipt sequence, taken as a funnel request starts:
 * api/routes/funnel-requests.routes.ts.)
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { withLogContext } from '../../core/platform/log-context';

const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    /** Unique per request: the request id when the server made it, else a new UUID. */
    recordId: string;
    /** When the request arrived: the first middleware's clock. */
    receivedAt: Date;
    /** A funnel request's place in the receipt order (core/redis/receipt-sequence.ts). */
    receiptSequence: number;
  }
}

/** What time it is: the machine's clock, or a test's clock that disagrees with it. */
export type Clock = () => Date;

const systemClock: Clock = () => new Date();

export const requestId =
  (clock: Clock = systemClock): RequestHandler =>
  (req, res, next) => {
    req.receivedAt = clock();
    const offered = req.get('x-request-id');
    const chosen = offered !== undefined && ACCEPTED_ID.test(offered);
    const id = chosen ? offered : randomUUID();
    req.requestId = id;
    req.recordId = chosen ? randomUUID() : id;
    res.setHeader('X-Request-Id', id);
    withLogContext({ requestId: id }, next);
  };
