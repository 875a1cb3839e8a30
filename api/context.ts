/**
 * What the routes of an API process share, built once at start-up (api/main.ts) and handed to
 * `createApp`; tests build the same from their own engines.
 */
import type { Connection } from 'mongoose';
import type { ApiConfig } from '../core/platform/config';
import { Authenticator } from '../core/auth/authenticator';
import { collections, type Collections } from '../core/storage/collections';
import { transactionsOf, type Transactions } from '../core/mongo/transactions';
import type { Logger } from '../core/platform/logger';
import type { FunnelQueue } from '../core/queue/funnel-queue';
import type { StorageEngine } from '../core/storage/engines/storage-engine';
import { createExportServices, type ExportServices } from './export-services';
import { createPeopleServices, type PeopleServices } from './people-services';
import { ApiMetrics } from './metrics/api-metrics';
import { ContentTypesRepository } from '../core/settings/content-types.repository';
import { FunnelsRepository } from '../core/settings/funnels.repository';
import { TokensRepository } from '../core/auth/tokens.repository';
import { UsersRepository } from '../core/auth/users.repository';
import type { SettingsChanged } from '../core/settings/settings-changed';
import { HistoryRepository } from '../core/history/history.repository';
import type { ItemReads } from '../core/items/item-reads';
import { ItemStore } from '../core/items/item-store';
import { ItemsRepository } from '../core/items/items.repository';
import { redriveServices, type RedriveServices } from '../core/redrives/redrive-services';
import { SyncsRepository } from '../core/syncs/syncs.repository';
import { SettingsVersions } from '../core/settings/settings-versions';
import { UserTurns } from '../core/auth/user-turn';
import { RateLimitedCounts } from '../core/redis/rate-limited-counts';
import { ReceiptSequence } from '../core/redis/receipt-sequence';
import {
  submissionServices,
  type SubmissionServices,
} from '../core/submission/submission-services';
import type { SyncApiServices } from '../core/syncs/sync-api-services';
import { syncServices } from '../core/syncs/sync-services';
import { SyncListing } from '../core/syncs/sync-listing';
import { FunnelLookup } from './http/funnel-lookup';
import {
  PREVIEW_MEMORY_MB,
  PREVIEW_THREADS,
  PreviewThreads,
} from '../core/preview/preview-threads';
import { redisPreviewTurns } from '../core/preview/preview-turns';

export interface ApiContext {
  config: ApiConfig;
  logger: Logger;
  mongo: Connection;
  queue: FunnelQueue;
  db: Collections;
  /** Writes that must not be left half done (docs/storage.md#what-runs-in-a-transaction). */
  transactions: Transactions;
  users: UsersRepository;
  tokens: TokensRepository;
  contentTypes: ContentTypesRepository;
  funnels: FunnelsRepository;
  /** The requests' history: the history, item, replay and preview routes read it. */
  history: HistoryRepository;
  /** Items as the item routes list and show them. */
  items: ItemsRepository;
  /** Items as the preview reads them, through the storage adapter. */
  itemReads: ItemReads;
  /** Full syncs as the re-drive routes find them. */
  syncs: SyncsRepository;
  /** Starting, finding and committing full syncs. */
  syncApi: SyncApiServices;
  syncListing: SyncListing;
  /** What a funnel POST or DELETE is submitted with. */
  submission: SubmissionServices;
  /** The funnel routes' cached lookup of a funnel by its endpoint URL. */
  funnelLookup: FunnelLookup;
  /** Each request's place in the receipt order (docs/storage.md#receipt-order). */
  receipts: ReceiptSequence;
  /** How many requests were refused for the rate limit, per funnel. */
  rateLimited: RateLimitedCounts;
  /** Changes to a tenant's users, one at a time. */
  userTurns: UserTurns;
  /** Funnel previews, each in a worker thread, a tenant's one at a time. */
  previews: PreviewThreads;
  redrives: RedriveServices;
  auth: Authenticator;
  /** People's passwords, invitations and console sessions. */
  people: PeopleServices;
  metrics: ApiMetrics;
  exports: ExportServices;
  /** What differs between MongoDB and the test engine (core/storage/engines/). */
  storage: StorageEngine;
}

export function createApiContext(
  config: ApiConfig,
  logger: Logger,
  mongo: Connection,
  queue: FunnelQueue,
  storage: StorageEngine,
): ApiContext {
  const db = collections(mongo);
  const transactions = transactionsOf(mongo);
  const announce = announceSettingsChanges(queue, logger);
  const users = new UsersRepository(db);
  const tokens = new TokensRepository(db);
  const redis = { client: queue.redis, keys: queue.keys };
  const people = createPeopleServices(config, db, redis, users, logger);
  const auth = new Authenticator({
    tokens,
    users,
    secret: config.JWT_SECRET,
    logger,
    sessions: people.sessionAccess,
  });
  const contentTypes = new ContentTypesRepository(db, transactions, announce);
  const funnels = new FunnelsRepository(db, transactions, announce);
  const history = new HistoryRepository(db);
  const items = new ItemsRepository(db);
  const itemReads = new ItemStore(db, storage, transactions);
  const syncs = new SyncsRepository(db);
  const redrives = redriveServices(db, queue.redis, queue.keys);
  const metrics = new ApiMetrics(queue, { maxFunnels: config.METRICS_MAX_FUNNELS });
  const fullSyncs = syncServices(db, queue.redis, queue.keys);
  const receipts = new ReceiptSequence(queue.redis, queue.keys);
  const submission = submissionServices({
    queue,
    history,
    syncs: fullSyncs,
    config,
    onGroupSent: (size) => metrics.groupSent(size),
  });
  const exportServices = createExportServices(config, db, queue, storage, transactions);
  return {
    config,
    logger,
    mongo,
    queue,
    db,
    transactions,
    users,
    tokens,
    contentTypes,
    funnels,
    history,
    items,
    itemReads,
    syncs,
    syncApi: {
      syncs: fullSyncs,
      funnels,
      history,
      receipts,
      queue,
      waitMs: config.WAIT_TIMEOUT_MS,
    },
    syncListing: new SyncListing(db),
    submission,
    funnelLookup: new FunnelLookup(funnels),
    receipts,
    rateLimited: new RateLimitedCounts(queue.redis, queue.keys),
    userTurns: new UserTurns(transactions, db),
    previews: new PreviewThreads(
      {
        budgetMs: config.PREVIEW_TIME_BUDGET_MS,
        maxThreads: PREVIEW_THREADS,
        maxMemoryMb: PREVIEW_MEMORY_MB,
      },
      redisPreviewTurns(queue.redis, queue.keys, logger),
    ),
    redrives,
    auth,
    people,
    metrics,
    exports: exportServices,
    storage,
  };
}

/**
 * Stamps a new settings version after a change, so that workers drop their cached settings. The
 * change is already stored when the stamp fails (Redis away): the workers then hold the old
 * settings for at most core/settings/settings-cache.ts's MAX_AGE_MS, which is logged.
 */
function announceSettingsChanges(queue: FunnelQueue, logger: Logger): SettingsChanged {
  const versions = new SettingsVersions(queue.redis, queue.keys);
  return (tenant) =>
    versions.stamp(tenant).catch((error: unknown) => {
      logger.warn(
        { err: error, tenant },
        'settings changed, but the workers were not told; they reload them within seconds',
      );
    });
}
