/**
 * A place in the receipt order, taken as a sync starts or its commit is asked for: the order
 * decides what the commit may delete. The counter is in the queue's Redis.
 */
import type { Receipt } from '../redis/receipt-sequence';
import type { SyncApiServices } from './sync-api-services';
import { queueAway, type QueueAway } from './sync-refusal';

export type ReceiptTaken = { state: 'taken'; receipt: Receipt };

export async function takeReceipt(
  receipts: SyncApiServices['receipts'],
  receivedAt: Date,
): Promise<ReceiptTaken | QueueAway> {
  try {
    return { state: 'taken', receipt: { sequence: await receipts.next(receivedAt), receivedAt } };
  } catch (error) {
    return queueAway(error);
  }
}
