/**
 * The job a use case runs in, beyond its data: which attempt this is, and what a job that works
 * in steps needs: a step marker in its data, child jobs, and a wait for them that frees the
 * worker. The worker implements it over BullMQ (worker/bullmq-running-job.ts).
 */
import type { JobOptions } from '../queue/job-options';
import type { JobData, JobName } from '../queue/jobs';

/** A job to add: its name, data (checked against the name's schema) and a deterministic id. */
export interface NewJob<N extends JobName> {
  name: N;
  data: JobData<N>;
  jobId: string;
}

export interface RunningJob {
  readonly id: string;
  /** 1 on the first attempt. A re-run after a crash or a wait for children is the same attempt. */
  readonly attempt: number;
  /** No retry follows if this attempt fails. */
  readonly finalAttempt: boolean;
  /** Replaces the job's data: the step marker that a re-run starts from. */
  saveData(data: unknown): Promise<void>;
  /**
   * The ids of the children this job added before: pending, completed or failed for good. Adding
   * one of them again would make the job wait for a child that may have failed already.
   */
  addedChildren(): Promise<Set<string>>;
  /** Adds children of this job; adding an id that exists again does not add it twice. */
  addChildren<N extends JobName>(children: NewJob<N>[], options: JobOptions): Promise<void>;
  /**
   * Returns when every child has ended. Otherwise parks the job, freeing the worker, by throwing
   * the queue's own signal; the queue runs the job again once the children have ended.
   */
  awaitChildren(): Promise<void>;
  /** Why the children that failed for good failed, by child id. */
  failedChildren(): Promise<Map<string, string>>;
  /** Adds a job of its own (not a child); an id that exists is not added twice. */
  addJob<N extends JobName>(job: NewJob<N>, options: JobOptions): Promise<void>;
}
