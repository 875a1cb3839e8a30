/** What re-drives work with, on the API's side and the worker's alike. */
import type { HistoryCollections } from '../history/history-collections';
import type { KeySpace } from '../redis/key-space';
import { ReceiptSequence } from '../redis/receipt-sequence';
import type { RedisClient } from '../redis/redis-connection';
import { FailedRequests } from './failed-requests';
import type { RedriveCollections } from './redrive-collections';
import { RedrivesRepository } from './redrives.repository';

export interface RedriveServices {
  records: RedrivesRepository;
  failed: FailedRequests;
  /** Each request sent again takes its place in the receipt order, as any request does. */
  receipts: ReceiptSequence;
}

export function redriveServices(
  db: RedriveCollections & Pick<HistoryCollections, 'history'>,
  redis: RedisClient,
  keys: KeySpace,
): RedriveServices {
  return {
    records: new RedrivesRepository(db),
    failed: new FailedRequests(db),
    receipts: new ReceiptSequence(redis, keys),
  };
}
