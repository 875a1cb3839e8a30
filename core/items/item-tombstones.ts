/**
 * Tombstones: a DELETE records, per identifier, when it was received. A POST received earlier
 * whose job runs later (a retry, a slow large batch) finds them after writing and takes back what
 * it wrote, so the item stays deleted: requests take effect in the order they were received.
 */
import type { mongo } from 'mongoose';
import type { ItemCollections, ItemTombstoneDocument } from './item-collections';
import { findByIds, type BatchOperations } from '../mongo/batch-operations';
import { PAYLOAD_TTL_SECONDS } from '../redis/payload-store';
import type { Receipt } from '../redis/receipt-sequence';

/**
 * How long a tombstone matters: a request can only run while its body is in Redis, so requests
 * received earlier are gone by then; twice that, for clocks that disagree.
 */
const TOMBSTONE_LIFETIME_MS = 2 * PAYLOAD_TTL_SECONDS * 1000;

type Scope = { tenant: string; contentType: string };

/** What a tombstone tells of an item's latest DELETE. */
export interface ItemDeletion {
  /** Its receipt sequence: a write received earlier is taken back. */
  sequence: number;
  /** The version the deletion gave the item, where it was there to delete. */
  version?: number;
}

export class ItemTombstones {
  constructor(
    private readonly db: Pick<ItemCollections, 'itemTombstones'>,
    private readonly batches: BatchOperations,
  ) {}

  /**
   * Records a DELETE, received as `receipt` says, for the items with these `_id`s; `versions`:
   * the version each deleted item's deletion gave it.
   */
  async record(
    scope: Scope,
    ids: readonly string[],
    receipt: Receipt,
    versions: ReadonlyMap<string, number>,
  ): Promise<void> {
    const { sequence, receivedAt } = receipt;
    const expiresAt = new Date(receivedAt.getTime() + TOMBSTONE_LIFETIME_MS);
    const operations = ids.map((_id): mongo.AnyBulkWriteOperation<ItemTombstoneDocument> => {
      const version = versions.get(_id);
      const max = {
        sequence,
        receivedAt,
        expiresAt,
        ...(version === undefined ? {} : { version }),
      };
      return { updateOne: { filter: { _id }, update: { $set: scope, $max: max }, upsert: true } };
    });
    await this.batches.bulkWrite(this.db.itemTombstones, operations);
  }

  /**
   * The latest DELETE of each of these `_id`s whose tombstone is still there: one read, which
   * serves both what a write needs (the version to go on from) and what may undo it (the sequence).
   */
  async deletions(scope: Scope, ids: readonly string[]): Promise<Map<string, ItemDeletion>> {
    const fields = ['sequence', 'receivedAt', 'version'] as const;
    const found = await findByIds(this.batches, this.db.itemTombstones, scope, ids, [...fields]);
    return new Map(
      found.map((tombstone) => [
        tombstone._id,
        {
          sequence: tombstone.sequence,
          ...(tombstone.version === undefined ? {} : { version: tombstone.version }),
        },
      ]),
    );
  }

  /** The versions the deletions of these `_id`s left, where their tombstones still are. */
  async versions(scope: Scope, ids: readonly string[]): Promise<Map<string, number>> {
    const found = await findByIds(this.batches, this.db.itemTombstones, scope, ids, ['version']);
    return new Map(
      found.flatMap((tombstone) =>
        tombstone.version === undefined ? [] : [[tombstone._id, tombstone.version] as const],
      ),
    );
  }
}
