/**
 * A funnel request's place in the receipt order, taken as it starts, before authentication and
 * the body read: a slow upload that started first stays the older request (docs/storage.md#receipt-order).
 */
import type { Redis } from 'ioredis';
import type { RequestHandler } from 'express';
import { ReceiptSequence } from '../../core/redis/receipt-sequence';
import { unavailable } from '../http/http-error';

export function takeReceiptSequence(redis: Redis, prefix: string): RequestHandler {
  const receipts = new ReceiptSequence(redis, prefix);
  return (req, _res, next) => {
    receipts.next(req.receivedAt).then(
      (sequence) => {
        req.receiptSequence = sequence;
        next();
      },
      (error: unknown) => next(unavailable('the queue', error)),
    );
  };
}
