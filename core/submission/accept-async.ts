/**
 * `Prefer: respond-async` (docs/api-behaviour.md#respond-async): the request is queued and
 * accepted without waiting, and its history record tells the outcome. The record says queued
 * before the job exists (a worker could finish first otherwise), and says why if the job could
 * not be queued.
 */
import type { HistoryRepository } from '../history/history.repository';
import { historyRecord } from '../ingest/history-record-builder';
import type { QueueSubmitter } from './queue-submitter';
import type { Submission } from './submission';
import type { SubmissionOutcome } from './submission-outcome';

export interface AsyncServices {
  jobs: Pick<QueueSubmitter, 'enqueue'>;
  history: Pick<HistoryRepository, 'save'>;
  historyTtlDays: number;
}

const QUEUED = { status: 'queued', httpStatus: 202, message: 'Queued', itemCount: 0 } as const;
const NOT_QUEUED = {
  status: 'error',
  httpStatus: 503,
  message: 'Could not be queued',
  itemCount: 0,
} as const;

export async function acceptAsync(
  submission: Submission,
  body: Buffer,
  { jobs, history, historyTtlDays }: AsyncServices,
): Promise<SubmissionOutcome> {
  await history.save(historyRecord(submission, body, QUEUED, historyTtlDays));
  try {
    await jobs.enqueue(submission, body);
  } catch (error) {
    await history
      .save(historyRecord(submission, body, NOT_QUEUED, historyTtlDays))
      .catch(() => undefined);
    throw error;
  }
  return { state: 'accepted' };
}
