/**
 * What the API's side of full syncs works with: starting one, finding one, and asking for its
 * commit, which the worker then carries out (carry-out-commit.ts).
 */
import type { HistoryCollections } from '../history/history-collections';
import { HistoryRepository } from '../history/history.repository';
import type { ItemCollections } from '../items/item-collections';
import type { ApiConfig } from '../platform/config';
import type { FunnelQueue } from '../queue/funnel-queue';
import { ReceiptSequence } from '../redis/receipt-sequence';
import type { FunnelsRepository } from '../settings/funnels.repository';
import type { SyncCollections } from './sync-collections';
import { syncServices, type SyncServices } from './sync-services';

export interface SyncApiServices {
  syncs: SyncServices;
  funnels: Pick<FunnelsRepository, 'find'>;
  /** The records of a sync's requests, which say whether they are still pending. */
  history: Pick<HistoryRepository, 'find'>;
  receipts: Pick<ReceiptSequence, 'next'>;
  queue: Pick<FunnelQueue, 'run'>;
  /** How long a commit is waited for before it is left to go on (WAIT_TIMEOUT_MS). */
  waitMs: number;
}

export interface SyncApiSetup {
  queue: FunnelQueue;
  db: HistoryCollections & SyncCollections & Pick<ItemCollections, 'items'>;
  funnels: Pick<FunnelsRepository, 'find'>;
  config: Pick<ApiConfig, 'WAIT_TIMEOUT_MS'>;
}

/** Built once per API process. */
export function syncApiServices(setup: SyncApiSetup): SyncApiServices {
  const { queue, db, config } = setup;
  return {
    syncs: syncServices(db, queue.redis, queue.keys),
    funnels: setup.funnels,
    history: new HistoryRepository(db),
    receipts: new ReceiptSequence(queue.redis, queue.keys),
    queue,
    waitMs: config.WAIT_TIMEOUT_MS,
  };
}
