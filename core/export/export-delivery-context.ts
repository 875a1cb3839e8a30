/** What the export delivery works with, each step taking the part it needs. */
import type { ChangeLogReader } from '../changes/change-log';
import type { ItemCollections } from '../items/item-collections';
import type { ItemsRepository } from '../items/items.repository';
import type { DeliveryAttempt } from './delivery/delivery-attempt';
import type { DeliveryClient } from './delivery/delivery-client';
import type { DeliveryDocument } from './delivery/delivery-record';
import type { ExportCollections } from './export-collections';
import type { ExportWakeUps } from './export-queue';

/** The operator's rules for failed deliveries and for the delivery log. */
export interface DeliveryRules {
  /** The waits after the first, second... failure in a row; the last repeats. */
  retryDelaysMs: readonly number[];
  /** How long only failures last before the export is disabled. */
  disableAfterMs: number;
  /** How long a delivery that succeeded stays in the log, in days. */
  logDays: number;
}

export interface ExportDeliveryContext {
  /** The exports and their deliveries; the items' collections, for a resync's total. */
  db: ExportCollections & ItemCollections;
  /** The items, which a resync sends again. */
  items: Pick<ItemsRepository, 'list'>;
  changeLog: ChangeLogReader;
  /** Where a dispatch wakes its lanes' sends, and a job that ended queues what it missed. */
  queue: ExportWakeUps;
  client: DeliveryClient;
  now: () => Date;
  rules: DeliveryRules;
  /** Told of every attempt, for the metrics. */
  observe?: (attempt: DeliveryAttempt, delivery: DeliveryDocument) => void;
}
