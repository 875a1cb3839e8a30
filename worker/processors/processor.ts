/** What every job processor receives and returns. */
import type { Connection } from 'mongoose';
import type { EngineInfo } from '../../core/db/engine';
import type { WriteLock } from '../../core/db/write-lock';
import type { Logger } from '../../core/logging/logger';
import type { IdempotencyRecords } from '../../core/queue/idempotency-records';
import type { PayloadStore } from '../../core/queue/payload-store';
import type { JobName, JobResult, ParsedJobData } from '../../core/queue/jobs';

export interface ProcessorContext {
  jobId: string;
  logger: Logger;
  mongo: Connection;
  /** Aborted when the worker shuts down: stop, and the job goes back to the queue. */
  signal: AbortSignal;
  workerId: string;
  /** Request bodies, stored once by the API. */
  payloads: PayloadStore;
  idempotency: IdempotencyRecords;
  historyTtlDays: number;
  engine: EngineInfo;
  /** Held around item writes where the engine cannot guard them atomically. */
  writeLock: WriteLock;
}

export type Processor<N extends JobName> = (
  data: ParsedJobData<N>,
  context: ProcessorContext,
) => Promise<JobResult<N>>;

export type ProcessorTable = { [N in JobName]: Processor<N> };
