/**
 * What the submission use case works with, built once per API process: the queue, the
 * Idempotency-Key records, the request groups, the full syncs' admission and the history.
 */
import type { HistoryRepository } from '../history/history.repository';
import type { ApiConfig } from '../platform/config';
import type { FunnelQueue } from '../queue/funnel-queue';
import { IdempotencyRecords } from '../redis/idempotency-records';
import type { SyncServices } from '../syncs/sync-services';
import type { AsyncServices } from './accept-async';
import { queueSubmitter, type QueueSubmitter } from './queue-submitter';
import { RequestGroups } from './request-groups';
import type { OnceServices } from './submit-once';
import { syncMembership, type SyncMembership } from './sync-membership';

export interface SubmissionServices extends OnceServices, AsyncServices {
  jobs: QueueSubmitter;
  groups: Pick<RequestGroups, 'submit'>;
  syncs: SyncMembership;
}

export interface SubmissionSetup {
  queue: FunnelQueue;
  history: HistoryRepository;
  syncs: SyncServices;
  config: Pick<ApiConfig, 'WAIT_TIMEOUT_MS' | 'GROUP_MAX_REQUESTS' | 'HISTORY_TTL_DAYS'>;
  /** Told of every job sent for groupable requests, with how many it carries. */
  onGroupSent?: (size: number) => void;
}

export function submissionServices(setup: SubmissionSetup): SubmissionServices {
  const { queue, config } = setup;
  const jobs = queueSubmitter(queue, config.WAIT_TIMEOUT_MS);
  const groups = new RequestGroups(jobs, {
    maxRequests: config.GROUP_MAX_REQUESTS,
    waitMs: config.WAIT_TIMEOUT_MS,
    onSend: setup.onGroupSent,
  });
  return {
    jobs,
    groups,
    idempotency: new IdempotencyRecords(queue.redis, queue.keys),
    syncs: syncMembership(setup.syncs),
    history: setup.history,
    historyTtlDays: config.HISTORY_TTL_DAYS,
  };
}
