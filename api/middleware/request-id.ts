/**
 * Gives every request an id: the caller's `X-Request-Id` when it is a sane token, else a new
 * UUID. The id is echoed in the response and carried by every log line of the request. Also
 * stamps the receive time first thing, before authentication and the body read: what the history
 * shows as `receivedAt`. (The order of requests is their receipt sequence, taken as a funnel
 * request starts: api/routes/funnels.routes.ts.)
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { withLogContext } from '../../core/logging/log-context';

const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    /** When the request arrived: the first middleware's clock. */
    receivedAt: Date;
    /** A funnel request's place in the receipt order (core/queue/receipt-sequence.ts). */
    receiptSequence: number;
  }
}

/** What time it is: the machine's clock, or a test's clock that disagrees with it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const requestId =
  (clock: Clock = systemClock): RequestHandler =>
  (req, res, next) => {
    req.receivedAt = clock();
    const offered = req.get('x-request-id');
    const id = offered && ACCEPTED_ID.test(offered) ? offered : randomUUID();
    req.requestId = id;
    res.setHeader('X-Request-Id', id);
    withLogContext({ requestId: id }, next);
  };
