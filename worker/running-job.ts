/**
 * The job a processor runs, beyond its data: which attempt this is, and what a job that works in
 * steps needs of BullMQ (the "process step jobs" pattern): a step marker in its data, child jobs,
 * and a wait for them that frees the worker. Built by the dispatcher around BullMQ's Job.
 */
import {
  DelayedError,
  WaitingChildrenError,
  WaitingError,
  type Job,
  type JobsOptions,
  type Queue,
} from 'bullmq';
import { JOBS, type JobData, type JobName } from '../core/queue/jobs';

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
  /** The ids of this job's children that have ended: completed, or failed for good. */
  endedChildren(): Promise<Set<string>>;
  /** Adds children of this job; adding an id that exists again does not add it twice. */
  addChildren<N extends JobName>(children: NewJob<N>[], options: JobsOptions): Promise<void>;
  /**
   * Returns when every child has ended. Otherwise parks the job, freeing the worker, by
   * throwing BullMQ's WaitingChildrenError; BullMQ runs it again once the children have ended.
   */
  awaitChildren(): Promise<void>;
  /** Why the children that failed for good failed, by child id. */
  failedChildren(): Promise<Map<string, string>>;
  /** Adds a job of its own (not a child); an id that exists is not added twice. */
  addJob<N extends JobName>(job: NewJob<N>, options: JobsOptions): Promise<void>;
}

/**
 * Whether an error is BullMQ's way of moving a job out of `active` without failing it: waiting
 * for children, handed back to the queue, or delayed. Such a job is not done, nor failed.
 */
export function parksJob(error: unknown): boolean {
  return (
    error instanceof WaitingChildrenError ||
    error instanceof WaitingError ||
    error instanceof DelayedError
  );
}

/** A child's key in its parent's lists is `<prefix>:<queue>:<id>`; ids hold no `:`. */
const idOfKey = (key: string) => key.slice(key.lastIndexOf(':') + 1);

const parsedData = <N extends JobName>(job: NewJob<N>): unknown =>
  JOBS[job.name].data.parse(job.data);

export function runningJob(job: Job, token: string | undefined, queue: Queue): RunningJob {
  const id = job.id ?? '';
  const attempts = job.opts.attempts ?? 1;
  return {
    id,
    attempt: job.attemptsMade + 1,
    finalAttempt: job.attemptsMade + 1 >= attempts,
    async saveData(data) {
      await job.updateData(data);
    },
    async endedChildren() {
      const [completed, failed] = await Promise.all([
        job.getChildrenValues(),
        job.getIgnoredChildrenFailures(),
      ]);
      return new Set([...Object.keys(completed), ...Object.keys(failed)].map(idOfKey));
    },
    async addChildren(children, options) {
      if (children.length === 0) return;
      const parent = { id, queue: job.queueQualifiedName };
      await queue.addBulk(
        children.map((child) => ({
          name: child.name,
          data: parsedData(child),
          opts: { ...options, jobId: child.jobId, parent },
        })),
      );
    },
    async awaitChildren() {
      if (!token) throw new Error('A job without a lock token cannot wait for its children');
      if (await job.moveToWaitingChildren(token)) throw new WaitingChildrenError();
    },
    async failedChildren() {
      const failures = await job.getIgnoredChildrenFailures();
      return new Map(Object.entries(failures).map(([key, reason]) => [idOfKey(key), reason]));
    },
    async addJob(next, options) {
      await queue.add(next.name, parsedData(next), { ...options, jobId: next.jobId });
    },
  };
}
