/**
 * What the jobs of the funnel queue work with. `IngestServices` are built once per worker process
 * (worker/main.ts); each job adds its own id, abort signal and the job itself.
 */
import type { HistoryRepository } from '../history/history.repository';
import type { HistoryPayloadsRepository } from '../history/history-payloads.repository';
import type { ItemStore } from '../items/item-store';
import type { Logger } from '../platform/logger';
import type { IdempotencyRecords } from '../redis/idempotency-records';
import type { PayloadStore } from '../redis/payload-store';
import type { SettingsCache } from '../settings/settings-cache';
import type { ChunkPlans } from './chunks/chunk-plans';
import type { RunningJob } from './running-job';
import type { SyncRequests } from './sync-requests';

export interface IngestServices {
  logger: Logger;
  /** `host:pid`, named in the answers of ping jobs. */
  workerId: string;
  /** Request bodies, stored once by the API. */
  payloads: PayloadStore;
  /** Funnels and content types, as current as the tenant's settings version. */
  settings: SettingsCache;
  idempotency: IdempotencyRecords;
  /** Items, written the way the storage engine needs (core/items/engine-writer.ts). */
  items: ItemStore;
  history: HistoryRepository;
  historyTtlDays: number;
  /** The whole bodies of recorded requests. */
  historyPayloads: HistoryPayloadsRepository;
  /** How long a body is kept (HISTORY_PAYLOAD_DAYS): 0, none. */
  historyPayloadDays: number;
  /**
   * A POST writing more items than this is written by chunk jobs of this many (CHUNK_SIZE);
   * undefined: each request by its own job.
   */
  chunkSize: number | undefined;
  /** The writes of large requests, waiting for their chunk jobs. */
  chunkPlans: ChunkPlans;
  /** Full syncs: what their requests name, and their commits. */
  syncs: SyncRequests;
}

export interface IngestContext extends IngestServices {
  jobId: string;
  /** Aborted when the worker shuts down: stop, and the job goes back to the queue. */
  signal: AbortSignal;
  /** The job itself: its attempt, and the steps of a job that waits for child jobs. */
  job: RunningJob;
}
