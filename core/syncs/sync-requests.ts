/**
 * A funnel request tagged with a sync (`?sync=`), as the worker sees it: it names to the sync the
 * identifiers it writes (a POST's valid items under their stored identifiers, a DELETE's deleted
 * ones; a dry run names none), before writing them, so that a commit never misses a written one;
 * and once it is done it is no longer pending, which lets the sync be committed.
 */
import { recordIdOf } from '../ingest/history-record-builder';
import type { ParsedJobData } from '../queue/jobs';
import type { SyncServices } from './sync-services';

type TaggedRequest = Pick<
  ParsedJobData<'ingest'>,
  'tenant' | 'sync' | 'dryRun' | 'recordId' | 'requestId'
>;

export async function nameToSync(
  request: TaggedRequest,
  identifiers: readonly string[],
  syncs: SyncServices,
): Promise<void> {
  if (request.sync === undefined || request.dryRun || identifiers.length === 0) return;
  const sync = await syncs.records.find(request.tenant, request.sync);
  if (!sync) return;
  await syncs.records.recordNames(sync, recordIdOf(request), identifiers);
}

export async function releaseFromSync(request: TaggedRequest, syncs: SyncServices): Promise<void> {
  if (request.sync === undefined) return;
  await syncs.gate.release(request.tenant, request.sync, recordIdOf(request));
}
