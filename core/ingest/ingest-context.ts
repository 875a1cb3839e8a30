/** What every job processor receives and returns. */
import type { Connection } from 'mongoose';
import type { EngineInfo } from '../mongo/engine';
import type { WriteLock } from '../items/write-lock';
import type { Logger } from '../logging/logger';
import type { IdempotencyRecords } from '../queue/idempotency-records';
import type { PayloadStore } from '../queue/payload-store';
import type { JobName, JobResult, ParsedJobData } from '../queue/jobs';
import type { ChunkPlans } from './chunks/chunk-plans';
import type { SettingsCache } from '../settings/settings-cache';
import type { RunningJob } from '../../worker/running-job';

export interface ProcessorContext {
  jobId: string;
  logger: Logger;
  mongo: Connection;
  /** Aborted when the worker shuts down: stop, and the job goes back to the queue. */
  signal: AbortSignal;
  workerId: string;
  /** Request bodies, stored once by the API. */
  payloads: PayloadStore;
  /** Funnels and content types, as current as the tenant's settings version. */
  settings: SettingsCache;
  idempotency: IdempotencyRecords;
  historyTtlDays: number;
  engine: EngineInfo;
  /** Held around item writes where the engine cannot guard them atomically. */
  writeLock: WriteLock;
  /** The job itself: its attempt, and the steps of a job that waits for child jobs. */
  job: RunningJob;
  /**
   * A POST writing more items than this is written by chunk jobs of this many (CHUNK_SIZE, or by
   * engine); undefined: never.
   */
  chunkSize: number | undefined;
  /** The writes of large requests, waiting for their chunk jobs. */
  chunkPlans: ChunkPlans;
}

export type Processor<N extends JobName> = (
  data: ParsedJobData<N>,
  context: ProcessorContext,
) => Promise<JobResult<N>>;

export type ProcessorTable = { [N in JobName]: Processor<N> };
