/**
 * Full syncs and the identifiers their requests named, in MongoDB. A sync is read and changed by
 * its `_id` (tenant:syncId); names are stored per request, in parts of NAMES_PER_DOCUMENT, under
 * deterministic `_id`s, so that a retried request stores them once, and a commit reads them all in
 * one query whatever their number.
 */
import { documentId } from '../domain/names';
import { ONE_BATCH } from '../mongo/batch-operations';
import { idCollisionIndexes } from '../mongo/duplicate-key';
import { UNBOUNDED_SCAN } from '../mongo/query-time-limit';
import type { SyncCollections, SyncNamesDocument } from './sync-collections';
import type { SyncCommit, SyncDocument } from './sync';

/** Identifiers per names document: 10,000 of 256 characters stay far under 16 MB. */
const NAMES_PER_DOCUMENT = 10_000;

export class SyncsRepository {
  constructor(private readonly db: SyncCollections) {}

  static idOf(tenant: string, syncId: string): string {
    return documentId(tenant, syncId);
  }

  async create(sync: SyncDocument): Promise<void> {
    await this.db.syncs.insertOne(sync);
  }

  find(tenant: string, syncId: string): Promise<SyncDocument | null> {
    return this.db.syncs.findOne({ _id: SyncsRepository.idOf(tenant, syncId) });
  }

  /**
   * Stores what one request named; a repeat of the same request (a retried job) adds nothing,
   * and its counts are not raised twice.
   */
  async recordNames(
    sync: Pick<SyncDocument, 'tenant' | 'syncId' | 'expiresAt'>,
    recordId: string,
    identifiers: readonly string[],
  ): Promise<void> {
    if (identifiers.length === 0) return;
    const parts: SyncNamesDocument[] = [];
    for (let start = 0; start < identifiers.length; start += NAMES_PER_DOCUMENT) {
      parts.push({
        _id: documentId(sync.tenant, sync.syncId, recordId, String(parts.length)),
        tenant: sync.tenant,
        syncId: sync.syncId,
        identifiers: identifiers.slice(start, start + NAMES_PER_DOCUMENT),
        expiresAt: sync.expiresAt,
      });
    }
    try {
      await this.db.syncNames.insertMany(parts, { ordered: false });
    } catch (error) {
      const collided = idCollisionIndexes(error);
      if (!collided) throw error;
      // Stored by an earlier attempt of the same request (the rest now): counted then.
      if (collided.includes(0)) return;
    }
    const _id = SyncsRepository.idOf(sync.tenant, sync.syncId);
    await this.db.syncs.updateOne({ _id }, { $inc: { requests: 1, named: identifiers.length } });
  }

  /** Every identifier the sync's requests named: one query. */
  async namedIdentifiers(tenant: string, syncId: string): Promise<Set<string>> {
    const named = new Set<string>();
    const cursor = this.db.syncNames.find(
      { tenant, syncId },
      { projection: { identifiers: 1 }, batchSize: ONE_BATCH, ...UNBOUNDED_SCAN },
    );
    for await (const part of cursor)
      for (const identifier of part.identifiers) named.add(identifier);
    return named;
  }

  async setCommit(
    tenant: string,
    syncId: string,
    state: SyncDocument['state'],
    commit: SyncCommit | null,
  ): Promise<void> {
    const _id = SyncsRepository.idOf(tenant, syncId);
    await this.db.syncs.updateOne({ _id }, { $set: { state, commit } });
  }

  /** The commit's progress: how many it deletes, and how many so far. */
  async progress(tenant: string, syncId: string, toDelete: number, deleted: number) {
    const _id = SyncsRepository.idOf(tenant, syncId);
    await this.db.syncs.updateOne(
      { _id },
      { $set: { 'commit.toDelete': toDelete, 'commit.deleted': deleted } },
    );
  }

  /** A committed sync's names are of no further use. */
  async dropNames(tenant: string, syncId: string): Promise<void> {
    await this.db.syncNames.deleteMany({ tenant, syncId });
  }
}
