/** What a push tells the person or the CI job watching it (`--json` prints these as they come). */
export interface Totals {
  sent: number;
  imported: number;
  failed: number;
  /** Items the `--delete` requests deleted. */
  deleted: number;
  requests: number;
  retries: number;
  /** Batches skipped because a checkpoint says the service answered them before. */
  skippedBatches: number;
  /**
   * Answers the service marked as replays (`Idempotent-Replayed`): the first answer to a request
   * sent before under the same Idempotency-Key, which wrote nothing this time.
   */
  replayed: number;
  /** Valid rows not written because other rows of their batch failed (all or nothing). */
  notWritten: number;
}

export type PushEvent =
  | {
      event: 'start';
      funnel: string;
      source: string;
      dryRun: boolean;
      fullSync: boolean;
      resume: boolean;
    }
  | { event: 'sync-open'; syncId: string }
  | ({ event: 'progress'; itemsPerSecond: number; fraction?: number; etaSeconds?: number } & Totals)
  | {
      event: 'batch-done';
      index: number;
      status: number;
      items: number;
      imported: number;
      failed: number;
      replayed: boolean;
    }
  | {
      event: 'retry';
      index?: number;
      request: string;
      attempt: number;
      delayMs: number;
      status?: number;
      error?: string;
    }
  | { event: 'warning'; message: string }
  | {
      event: 'delete-done';
      index: number;
      status: number;
      identifiers: number;
      deleted: number;
      failed: number;
    }
  | {
      event: 'would-delete';
      wouldDelete: number;
      allowed: number;
      withinLimit: boolean;
      identifiers: string[];
    }
  | { event: 'sync-commit'; syncId: string; status: number; message: string }
  | ({ event: 'summary'; exitCode: number; seconds: number; message?: string } & Totals);

export interface Reporter {
  emit(event: PushEvent): void;
  /** Stops timers and finishes the last line. */
  close(): void;
}
