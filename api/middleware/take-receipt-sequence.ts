/**
 * A funnel request's place in the receipt order, taken as it starts, before authentication and
 * the body read: a slow upload that started first stays the older request (docs/storage.md#receipt-order).
 */
import type { RedisClient } from '../../core/redis/redis-connection';
import type { KeySpace } from '../../core/redis/key-space';
import type { RequestHandler } from 'express';
import { ReceiptSequence } from '../../core/redis/receipt-sequence';
import { unavailable } from '../http/http-error';

export function takeReceiptSequence(redis: RedisClient, keys: KeySpace): RequestHandler {
  const receipts = new ReceiptSequence(redis, keys);
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
