/**
 * What the export routes of an API process share: the repositories, the export queue, the change
 * log, and how a target URL is checked (a resolver tests may replace).
 */
import type { ApiConfig } from '../core/platform/config';
import { ChangeLogStore } from '../core/changes/change-log-store';
import type { ChangeLogReader } from '../core/changes/change-log';
import { ChangeFeed } from '../core/changes/change-feed';
import type { StorageEngine } from '../core/storage/engines/storage-engine';
import type { Transactions } from '../core/mongo/transactions';
import { DeliveriesRepository } from '../core/export/delivery/deliveries.repository';
import { createDeliveryClient, type DeliveryClient } from '../core/export/delivery/delivery-client';
import { ExportQueue } from '../core/export/export-queue';
import { ExportsRepository } from '../core/export/exports.repository';
import { systemResolver, type HostResolver } from '../core/export/targets/host-resolver';
import type { AllowedNetworks } from '../core/platform/allowed-networks';
import type { FunnelQueue } from '../core/queue/funnel-queue';
import type { Collections } from '../core/storage/collections';

interface ExportTargets {
  allowed: AllowedNetworks;
  resolve: HostResolver;
  timeoutMs: number;
}

export interface ExportServices {
  exports: ExportsRepository;
  deliveries: DeliveriesRepository;
  queue: ExportQueue;
  /** The change log with each record's item as it is now (core/changes/change-feed.ts). */
  changeLog: ChangeLogReader;
  targets: ExportTargets;
  /** For test pings, which the API sends itself and answers with what came back. */
  client: DeliveryClient;
}

export function createExportServices(
  config: Pick<
    ApiConfig,
    'EXPORT_ALLOWED_NETWORKS' | 'EXPORT_DELIVERY_TIMEOUT_MS' | 'QUEUE_PREFIX'
  >,
  db: Collections,
  queue: FunnelQueue,
  storage: StorageEngine,
  transactions: Transactions,
): ExportServices {
  const targets: ExportTargets = {
    allowed: config.EXPORT_ALLOWED_NETWORKS,
    resolve: systemResolver,
    timeoutMs: config.EXPORT_DELIVERY_TIMEOUT_MS,
  };
  const client = createDeliveryClient({
    allowed: targets.allowed,
    timeoutMs: targets.timeoutMs,
    // Through `targets`, so that a resolver put there later is the one used.
    resolve: (host) => targets.resolve(host),
  });
  return {
    exports: new ExportsRepository(db, transactions),
    deliveries: new DeliveriesRepository(db),
    queue: new ExportQueue(queue.redis, queue.keys),
    changeLog: new ChangeFeed(
      new ChangeLogStore(storage.feedCollections, storage.changeBatches),
      storage.feedCollections,
      storage.batches,
    ),
    targets,
    client,
  };
}
