/**
 * What a funnel request tagged with a full sync (`?sync=`) does to its sync; core/syncs/ implements
 * it. A request names what it writes before writing it, so that a commit never misses a written
 * item; once done, it no longer holds its sync's commit back.
 */
import type { ParsedJobData } from '../queue/jobs';

export type TaggedRequest = Pick<
  ParsedJobData<'ingest'>,
  'tenant' | 'sync' | 'dryRun' | 'recordId' | 'requestId'
>;

export interface SyncRequests {
  /** Names `identifiers` to the request's sync; nothing for a dry run or an untagged request. */
  name(request: TaggedRequest, identifiers: readonly string[]): Promise<void>;
  /** The request is done (or gave up). */
  release(request: TaggedRequest): Promise<void>;
}
