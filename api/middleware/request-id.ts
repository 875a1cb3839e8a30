/**
 * Gives every request an id: the caller's `X-Request-Id` when it is a sane token, else a new
 * UUID. The id is echoed in the response and carried by every log line of the request. A funnel
 * request's history record gets an id of the server's (`recordId`): a caller may send one id with
 * many requests, and no request's record may replace another's. Also
 * stamps the receive time first thing, before authentication and the body read: the order of two
 * requests for one item is the order they arrived in.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { withLogContext } from '../../core/logging/log-context';

const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    /** Unique per request: the request id when the server made it, else a new UUID. */
    recordId: string;
    /** When the request arrived: the first middleware's clock. */
    receivedAt: Date;
  }
}

export const requestId: RequestHandler = (req, res, next) => {
  req.receivedAt = new Date();
  const offered = req.get('x-request-id');
  const chosen = offered !== undefined && ACCEPTED_ID.test(offered);
  const id = chosen ? offered : randomUUID();
  req.requestId = id;
  req.recordId = chosen ? randomUUID() : id;
  res.setHeader('X-Request-Id', id);
  withLogContext({ requestId: id }, next);
};
