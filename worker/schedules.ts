/**
 * The worker's periodic jobs. Each scheduler has a fixed id, so however many workers start, the
 * queue holds one schedule of each; they live on the first shard's queue, being of no tenant.
 */
import type { Queue } from 'bullmq';
import type { JobName } from '../core/queue/jobs';

interface Schedule {
  id: string;
  job: JobName;
  everyMs: number;
}

/** Change records a dead writer left unfinished in a content type nobody wrote since. */
export const FINISH_CHANGES_SCHEDULE: Schedule = {
  id: 'finish-changes',
  job: 'finish-changes',
  everyMs: 60 * 1000,
};

/** Puts each schedule on the queue when `enabled` says so, and takes it off when not. */
export async function applySchedules(
  queue: Queue,
  schedules: readonly { schedule: Schedule; enabled: boolean }[],
): Promise<void> {
  for (const { schedule, enabled } of schedules) {
    if (!enabled) {
      await queue.removeJobScheduler(schedule.id);
      continue;
    }
    await queue.upsertJobScheduler(
      schedule.id,
      { every: schedule.everyMs },
      {
        name: schedule.job,
        data: {},
        opts: { removeOnComplete: 100, removeOnFail: 100 },
      },
    );
  }
}
