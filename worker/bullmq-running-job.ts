/**
 * The RunningJob of a BullMQ job (the "process step jobs" pattern: a step marker in its data,
 * child jobs, and a wait for them that frees the worker), built by the dispatcher.
 */
import { DelayedError, WaitingChildrenError, WaitingError, type Job, type Queue } from 'bullmq';
import type { NewJob, RunningJob } from '../core/ingest/running-job';
import { JOBS, type JobName } from '../core/queue/jobs';

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
    async addedChildren() {
      // Pending ones first: a child only moves from pending to ended, so reading the ended ones
      // afterwards cannot miss one that ends in between.
      const pending: string[] = [];
      let cursor = 0;
      do {
        const page = await job.getDependencies({ unprocessed: { cursor, count: 1_000 } });
        pending.push(...(page.unprocessed ?? []));
        cursor = page.nextUnprocessedCursor ?? 0;
      } while (cursor !== 0);
      const [completed, failed] = await Promise.all([
        job.getChildrenValues(),
        job.getIgnoredChildrenFailures(),
      ]);
      return new Set([...pending, ...Object.keys(completed), ...Object.keys(failed)].map(idOfKey));
    },
    async addChildren(children, options) {
      if (children.length === 0) return;
      const parent = { id, queue: job.queueQualifiedName };
      await queue.addBulk(
        children.map((child) => ({
          name: child.name,
          data: parsedData(child),
          // In the parent's place among other tenants' requests.
          opts: { priority: job.opts.priority, ...options, jobId: child.jobId, parent },
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
