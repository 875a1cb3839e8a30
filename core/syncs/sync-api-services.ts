/**
 * What the API's side of full syncs works with: starting one, finding one, and asking for its
 * commit, which the worker then carries out (carry-out-commit.ts).
 */
import type { HistoryRepository } from '../history/history.repository';
import type { FunnelQueue } from '../queue/funnel-queue';
import type { ReceiptSequence } from '../redis/receipt-sequence';
import type { FunnelsRepository } from '../settings/funnels.repository';
import type { SyncServices } from './sync-services';

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
