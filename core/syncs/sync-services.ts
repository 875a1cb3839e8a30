/**
 * What full syncs work with, on the API's side and the worker's alike, and what a tagged funnel
 * request does to its sync (the ingest use case's SyncRequests).
 */
import type { RedisClient } from '../redis/redis-connection';
import type { KeySpace } from '../redis/key-space';
import type { IngestContext } from '../ingest/ingest-context';
import type { SyncRequests, TaggedRequest } from '../ingest/sync-requests';
import type { ItemCollections } from '../items/item-collections';
import { SyncGate } from './sync-gate';
import type { SyncCollections } from './sync-collections';
import { SyncsRepository } from './syncs.repository';

export class SyncServices implements SyncRequests {
  readonly records: SyncsRepository;
  readonly gate: SyncGate;

  constructor(
    db: SyncCollections & Pick<ItemCollections, 'items'>,
    redis: RedisClient,
    keys: KeySpace,
    /** The items, read for a commit's candidates. */
    readonly items: Pick<ItemCollections, 'items'> = db,
  ) {
    this.records = new SyncsRepository(db);
    this.gate = new SyncGate(redis, keys);
  }

  async name(request: TaggedRequest, identifiers: readonly string[]): Promise<void> {
    if (request.sync === undefined || request.dryRun || identifiers.length === 0) return;
    const sync = await this.records.find(request.tenant, request.sync);
    if (!sync) return;
    await this.records.recordNames(sync, request.recordId, identifiers);
  }

  async release(request: TaggedRequest): Promise<void> {
    if (request.sync === undefined) return;
    await this.gate.release(request.tenant, request.sync, request.recordId);
  }
}

export function syncServices(
  db: SyncCollections & Pick<ItemCollections, 'items'>,
  redis: RedisClient,
  keys: KeySpace,
): SyncServices {
  return new SyncServices(db, redis, keys);
}

/** A job's context with the full syncs' services, as a commit needs them. */
export type SyncCommitContext = Omit<IngestContext, 'syncs'> & { syncs: SyncServices };

/** The context of a job, for a commit: its syncs services are this module's. */
export function syncCommitContext(context: IngestContext): SyncCommitContext {
  const { syncs } = context;
  if (!(syncs instanceof SyncServices)) throw new Error('The worker has no full sync services');
  return { ...context, syncs };
}
