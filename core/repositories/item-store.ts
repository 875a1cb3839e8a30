/**
 * The write side of items, batched per request, never a command per item: on MongoDB a fixed
 * number of commands whatever the batch size (one `$in` per lookup, one bulkWrite for the writes,
 * one `deleteMany`); on FerretDB v1 updates go in slices of 90 (docs/storage.md#ferretdb-v1).
 * Every write is keyed on the deterministic `_id`.
 *
 * Requests take effect in the order they were received: every item keeps its last writer's
 * receive time and an older write never replaces a newer one (atomically in the upsert's filter
 * on MongoDB; under a per-content-type write lock on FerretDB). Deletes leave tombstones
 * (item-tombstones.ts) that undo an older POST finishing later (docs/storage.md#receipt-order).
 */
import type { mongo } from 'mongoose';
import { duplicateKeyIndexes, isDuplicateKey } from '../db/duplicate-key';
import { MONGODB_TRAITS, type EngineTraits } from '../db/engine';
import { NO_WRITE_LOCK, type WriteLock } from '../db/write-lock';
import { documentId } from '../domain/keys';
import type { Collections, ItemStatsDocument } from '../db/collections';
import type { ItemDocument } from '../items/item';
import { findByIds, ONE_BATCH } from './find-by-ids';
import { ItemTombstones } from './item-tombstones';

export interface ItemWrite {
  identifier: string;
  set: { name?: unknown; image?: unknown; parent?: unknown; properties: Record<string, unknown> };
  unset: { readonly fields: readonly string[]; readonly properties: readonly string[] };
}

type ItemOperation = mongo.AnyBulkWriteOperation<ItemDocument>;

/** Lazy keys per `$in`, far under the 16 MB command limit even for long identifiers. */
const KEYS_PER_QUERY = 50_000;

/**
 * Two first writes to a content type may both try to create its stats document; the loser's
 * upsert collides on `_id` (FerretDB does not retry it as MongoDB does) and is sent once more,
 * now as an update of the document the winner created.
 */
async function retryOnceOnDuplicateKey<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return write();
  }
}

export class ItemStore {
  private readonly tombstones: ItemTombstones;

  constructor(
    private readonly db: Collections,
    private readonly engine: EngineTraits = MONGODB_TRAITS,
    private readonly writeLock: WriteLock = NO_WRITE_LOCK,
  ) {
    this.tombstones = new ItemTombstones(db, engine);
  }

  private id(tenant: string, contentType: string, identifier: string): string {
    return documentId(tenant, contentType, identifier);
  }

  private statsId(tenant: string, contentType: string): string {
    return this.id(tenant, contentType, 'lengths');
  }

  private findByIds<K extends keyof ItemDocument>(
    tenant: string,
    contentType: string,
    ids: string[],
    fields: K[],
  ): Promise<Pick<ItemDocument, '_id' | K>[]> {
    return findByIds(this.db.items, this.engine, { tenant, contentType }, ids, fields);
  }

  /** Which of `identifiers` exist in the content type: one query. */
  async existing(
    tenant: string,
    contentType: string,
    identifiers: Iterable<string>,
  ): Promise<Set<string>> {
    const ids = [...new Set(identifiers)].map((identifier) =>
      this.id(tenant, contentType, identifier),
    );
    const found = await this.findByIds(tenant, contentType, ids, ['identifier']);
    return new Set(found.map((item) => item.identifier));
  }

  /** The distinct lengths of the lower-cased identifiers of a content type: narrows lazy lookups. */
  async identifierLengths(tenant: string, contentType: string): Promise<number[]> {
    const stats = await this.db.itemStats.findOne({ _id: this.statsId(tenant, contentType) });
    return stats?.lengths ?? [];
  }

  /**
   * Stored identifiers whose lower-cased form is one of `lowerKeys`: the lazy candidates. An
   * indexed `$in` where the engine has one; else one scan matched in a Set, as in findByIds.
   */
  async lazyCandidates(
    tenant: string,
    contentType: string,
    lowerKeys: string[],
  ): Promise<string[]> {
    if (lowerKeys.length === 0) return [];
    const options = { projection: { identifier: 1, identifierLower: 1 }, batchSize: ONE_BATCH };
    if (this.engine.indexedFilters) {
      const candidates: string[] = [];
      for (let start = 0; start < lowerKeys.length; start += KEYS_PER_QUERY) {
        const keys = lowerKeys.slice(start, start + KEYS_PER_QUERY);
        const filter = { tenant, contentType, identifierLower: { $in: keys } };
        const found = await this.db.items.find(filter, options).toArray();
        candidates.push(...found.map((item) => item.identifier));
      }
      return candidates;
    }
    const wanted = new Set(lowerKeys);
    const all = await this.db.items.find({ tenant, contentType }, options).toArray();
    return all.filter((item) => wanted.has(item.identifierLower)).map((item) => item.identifier);
  }

  /**
   * Writes every item; unmapped stored fields stay as they are. A request never undoes a later
   * one: an item last written, or deleted, by a request received after `receivedAt` stays so.
   */
  async upsert(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receivedAt: Date,
  ): Promise<void> {
    if (writes.length === 0) return;
    await this.writeLock.around(tenant, contentType, async () => {
      const now = new Date();
      const stats = await (this.engine.indexedFilters
        ? this.guardedUpsertsThenStats(tenant, contentType, writes, receivedAt, now)
        : this.insertBesideStats(tenant, contentType, writes, receivedAt, now));
      if (stats?.deletedUpTo && stats.deletedUpTo > receivedAt) {
        const ids = writes.map((write) => this.id(tenant, contentType, write.identifier));
        await this.undoWritesDeletedLater(tenant, contentType, ids, receivedAt);
      }
    });
  }

  /**
   * MongoDB, without a lock: the stats are read after the writes, so that a DELETE this read
   * misses (it marks the stats before it deletes) deletes after them.
   */
  private async guardedUpsertsThenStats(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receivedAt: Date,
    now: Date,
  ): Promise<ItemStatsDocument | null> {
    await this.guardedUpserts(tenant, contentType, writes, receivedAt, now);
    return this.recordLengths(tenant, contentType, writes);
  }

  /**
   * FerretDB, under the write lock, where no DELETE runs meanwhile: the stats are read beside the
   * writes, and both end before the lock is let go, whichever fails. (SQLite lets a read run beside
   * a write; two writes would wait for each other.)
   */
  private async insertBesideStats(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receivedAt: Date,
    now: Date,
  ): Promise<ItemStatsDocument | null> {
    const [read, written] = await Promise.allSettled([
      this.recordLengths(tenant, contentType, writes),
      this.insertThenUpdate(tenant, contentType, writes, receivedAt, now),
    ]);
    if (written.status === 'rejected') throw written.reason;
    if (read.status === 'rejected') throw read.reason;
    return read.value;
  }

  /**
   * Takes back this request's writes of items that a later DELETE removed: each is deleted
   * unless a request received after that DELETE wrote it since.
   */
  private async undoWritesDeletedLater(
    tenant: string,
    contentType: string,
    ids: string[],
    receivedAt: Date,
  ): Promise<void> {
    const newer = await this.tombstones.newerThan({ tenant, contentType }, ids, receivedAt);
    const operations = newer.map((tombstone): ItemOperation => ({
      deleteOne: { filter: { _id: tombstone._id, receivedAt: { $lt: tombstone.receivedAt } } },
    }));
    await this.bulkWriteInSlices(operations, false);
  }

  /**
   * Adds the lengths of the written identifiers to the content type's stats; answers the stats
   * as they are now. Usually every length is there already, and a read answers: a write would
   * cost a commit.
   */
  private async recordLengths(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
  ): Promise<ItemStatsDocument | null> {
    const lengths = [...new Set(writes.map((write) => write.identifier.toLowerCase().length))];
    const _id = this.statsId(tenant, contentType);
    const stats = await this.db.itemStats.findOne({ _id });
    const known = new Set(stats?.lengths);
    if (stats && lengths.every((length) => known.has(length))) return stats;
    return retryOnceOnDuplicateKey(() =>
      this.db.itemStats.findOneAndUpdate(
        { _id },
        { $addToSet: { lengths: { $each: lengths } } },
        { upsert: true, returnDocument: 'after' },
      ),
    );
  }

  /**
   * MongoDB: one bulkWrite of upserts whose filter matches only an item written by a request
   * received no later; where a later one wrote it, the upsert's insert collides on `_id` and the
   * write is skipped, atomically.
   */
  private async guardedUpserts(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receivedAt: Date,
    now: Date,
  ): Promise<void> {
    const operations = writes.map((write) => {
      const operation = this.updateOperation(tenant, contentType, write, receivedAt, now);
      operation.updateOne.filter = {
        ...operation.updateOne.filter,
        receivedAt: { $not: { $gt: receivedAt } },
      };
      return operation;
    });
    await this.bulkWriteInSlices(operations, true);
  }

  /**
   * FerretDB: every item is inserted; those that exist already are then read for their stored
   * receive times (one read for all of them) and updated by `_id` unless a later request wrote
   * them. New items need no lookup at all: FerretDB v1 checks an insert's `_id` against its index,
   * but finds the document of any read or update by scanning the collection (core/db/engine.ts).
   * Under the write lock nothing else writes the content type meanwhile.
   */
  private async insertThenUpdate(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receivedAt: Date,
    now: Date,
  ): Promise<void> {
    const existing = await this.insertNew(tenant, contentType, writes, receivedAt, now);
    if (existing.length === 0) return;
    const ids = existing.map((write) => this.id(tenant, contentType, write.identifier));
    const stored = await this.findByIds(tenant, contentType, ids, ['receivedAt']);
    const storedAt = new Map(
      stored.map((item) => [item._id, item.receivedAt?.getTime() ?? -Infinity]),
    );
    const updates = existing
      .filter((_, i) => (storedAt.get(ids[i] ?? '') ?? -Infinity) <= receivedAt.getTime())
      .map((write) => this.updateOperation(tenant, contentType, write, receivedAt, now));
    await this.bulkWriteInSlices(updates, false);
  }

  /** Inserts the items that are new; returns those that exist already. */
  private async insertNew(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receivedAt: Date,
    now: Date,
  ): Promise<ItemWrite[]> {
    const documents = writes.map((write): ItemDocument => {
      const { properties, ...fields } = write.set;
      return {
        _id: this.id(tenant, contentType, write.identifier),
        tenant,
        contentType,
        identifier: write.identifier,
        identifierLower: write.identifier.toLowerCase(),
        ...(fields as Pick<ItemDocument, 'name' | 'image' | 'parent'>),
        properties,
        createdAt: now,
        updatedAt: now,
        receivedAt,
      };
    });
    try {
      await this.db.items.insertMany(documents, { ordered: false });
      return [];
    } catch (error) {
      const collided = duplicateKeyIndexes(error);
      if (!collided) throw error;
      return collided.flatMap((index) => (writes[index] ? [writes[index]] : []));
    }
  }

  private updateOperation(
    tenant: string,
    contentType: string,
    write: ItemWrite,
    receivedAt: Date,
    now: Date,
  ): { updateOne: mongo.UpdateOneModel<ItemDocument> } {
    const { properties, ...fields } = write.set;
    const set: Record<string, unknown> = {
      tenant,
      contentType,
      identifier: write.identifier,
      identifierLower: write.identifier.toLowerCase(),
      updatedAt: now,
      receivedAt,
      ...fields,
    };
    for (const [key, value] of Object.entries(properties)) set[`properties.${key}`] = value;
    const unset: Record<string, ''> = {};
    for (const field of write.unset.fields) unset[field] = '';
    for (const key of write.unset.properties) unset[`properties.${key}`] = '';
    return {
      updateOne: {
        filter: { _id: this.id(tenant, contentType, write.identifier) },
        update: {
          $set: set,
          ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
          $setOnInsert: { createdAt: now },
        },
        upsert: true,
      },
    };
  }

  /** Sends the operations in as few commands as the engine takes; `skipNewer` ignores collisions. */
  private async bulkWriteInSlices(operations: ItemOperation[], skipNewer: boolean): Promise<void> {
    const size = this.engine.maxUpdateStatements;
    for (let start = 0; start < operations.length; start += size) {
      try {
        await this.db.items.bulkWrite(operations.slice(start, start + size), { ordered: false });
      } catch (error) {
        if (!skipNewer || !duplicateKeyIndexes(error)) throw error;
      }
    }
  }

  /**
   * Deletes the items that exist, except those a request received after `receivedAt` wrote;
   * returns which existed. Leaves tombstones first, so that an older POST finishing later undoes
   * its write (see upsert), and drops the content type's expired ones.
   */
  async delete(
    tenant: string,
    contentType: string,
    identifiers: string[],
    receivedAt: Date,
  ): Promise<Set<string>> {
    const scope = { tenant, contentType };
    const ids = [...new Set(identifiers)].map((identifier) =>
      this.id(tenant, contentType, identifier),
    );
    return this.writeLock.around(tenant, contentType, async () => {
      await this.markDeleted(tenant, contentType, receivedAt);
      await this.tombstones.record(scope, ids, receivedAt);
      const found = await this.existing(tenant, contentType, identifiers);
      if (found.size > 0) {
        const existingIds = [...found].map((identifier) =>
          this.id(tenant, contentType, identifier),
        );
        await this.db.items.deleteMany({
          _id: { $in: existingIds },
          receivedAt: { $not: { $gt: receivedAt } },
        });
      }
      await this.tombstones.purgeExpired(scope, new Date());
      return found;
    });
  }

  /** Tells writes received before `receivedAt` to look for tombstones (see upsert). */
  private async markDeleted(tenant: string, contentType: string, receivedAt: Date) {
    await retryOnceOnDuplicateKey(() =>
      this.db.itemStats.updateOne(
        { _id: this.statsId(tenant, contentType) },
        { $max: { deletedUpTo: receivedAt }, $setOnInsert: { lengths: [] } },
        { upsert: true },
      ),
    );
  }
}
