/**
 * A funnel request's place in the receipt order, taken as it starts, before authentication and
 * the body read: a slow upload that started first stays the older request (docs/storage.md#receipt-order).
 */
import type { RequestHandler } from 'express';
import type { ReceiptSequence } from '../../core/redis/receipt-sequence';
import { unavailable } from '../http/http-error';

export function takeReceiptSequence(receipts: Pick<ReceiptSequence, 'next'>): RequestHandler {
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
