/**
 * The write side of items, batched per request: a fixed number of commands whatever the batch
 * size (one `$in` per lookup, one bulkWrite for the writes, one `deleteMany`), every write keyed
 * on the deterministic `_id`. How writes are sent depends on the engine (core/db/engine.ts).
 */
import type { mongo } from 'mongoose';
import { MONGODB_WRITES, type WriteStrategy } from '../db/engine';
import { documentId } from '../domain/keys';
import type { Collections } from '../db/collections';
import type { ItemDocument } from '../items/item';

export interface ItemWrite {
  identifier: string;
  set: { name?: unknown; image?: unknown; parent?: unknown; properties: Record<string, unknown> };
  unset: { fields: string[]; properties: string[] };
}

type ItemOperation = mongo.AnyBulkWriteOperation<ItemDocument>;

/**
 * Lookups answer in one batch (the server still caps a batch at 16 MB), so a request costs the
 * same number of commands whether it holds 10 items or 10,000.
 */
const ONE_BATCH = 1_000_000;
const DUPLICATE_KEY = 11000;

function duplicateKeyIndexes(error: unknown): number[] | undefined {
  const writeErrors = (error as { writeErrors?: { code?: number; index?: number }[] }).writeErrors;
  if (!Array.isArray(writeErrors) || !writeErrors.every((e) => e.code === DUPLICATE_KEY))
    return undefined;
  return writeErrors.map((e) => e.index ?? -1);
}

export class ItemStore {
  constructor(
    private readonly db: Collections,
    private readonly writes: WriteStrategy = MONGODB_WRITES,
  ) {}

  private id(tenant: string, contentType: string, identifier: string): string {
    return documentId(tenant, contentType, identifier);
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
    if (ids.length === 0) return new Set();
    const found = await this.db.items
      .find({ _id: { $in: ids } }, { projection: { identifier: 1 }, batchSize: ONE_BATCH })
      .toArray();
    return new Set(found.map((item) => item.identifier));
  }

  /** The distinct lengths of the lower-cased identifiers of a content type: narrows lazy lookups. */
  async identifierLengths(tenant: string, contentType: string): Promise<number[]> {
    const stats = await this.db.itemStats.findOne({ _id: this.id(tenant, contentType, 'lengths') });
    return stats?.lengths ?? [];
  }

  /** Stored identifiers whose lower-cased form is one of `lowerKeys`: the lazy candidates. */
  async lazyCandidates(
    tenant: string,
    contentType: string,
    lowerKeys: string[],
  ): Promise<string[]> {
    if (lowerKeys.length === 0) return [];
    const found = await this.db.items
      .find(
        { tenant, contentType, identifierLower: { $in: lowerKeys } },
        { projection: { identifier: 1 }, batchSize: ONE_BATCH },
      )
      .toArray();
    return found.map((item) => item.identifier);
  }

  /**
   * Writes every item; unmapped stored fields stay as they are. A request never undoes a later
   * one: an item last written by a request received after `receivedAt` is left alone.
   */
  async upsert(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receivedAt: Date,
  ): Promise<void> {
    if (writes.length === 0) return;
    const now = new Date();
    if (this.writes.splitInserts)
      await this.insertThenUpdate(tenant, contentType, writes, receivedAt, now);
    else await this.guardedUpserts(tenant, contentType, writes, receivedAt, now);
    const lengths = [...new Set(writes.map((write) => write.identifier.toLowerCase().length))];
    await this.db.itemStats.updateOne(
      { _id: this.id(tenant, contentType, 'lengths') },
      { $addToSet: { lengths: { $each: lengths } } },
      { upsert: true },
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
   * FerretDB: one `$in` read of the stored receive times, `insertMany` for the new items, and
   * `_id`-only updates for the existing ones that no later request wrote. An item inserted by a
   * concurrent request in between is updated instead.
   */
  private async insertThenUpdate(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receivedAt: Date,
    now: Date,
  ): Promise<void> {
    const ids = writes.map((write) => this.id(tenant, contentType, write.identifier));
    const stored = await this.db.items
      .find({ _id: { $in: ids } }, { projection: { receivedAt: 1 }, batchSize: ONE_BATCH })
      .toArray();
    const storedAt = new Map(
      stored.map((item) => [item._id, item.receivedAt?.getTime() ?? -Infinity]),
    );
    const fresh = writes.filter((_, i) => !storedAt.has(ids[i] ?? ''));
    const current = writes.filter(
      (_, i) => (storedAt.get(ids[i] ?? '') ?? Infinity) <= receivedAt.getTime(),
    );
    const collided = await this.insertNew(tenant, contentType, fresh, receivedAt, now);
    const updates = [...current, ...collided].map((write) =>
      this.updateOperation(tenant, contentType, write, receivedAt, now),
    );
    await this.bulkWriteInSlices(updates, false);
  }

  /** Inserts new items; returns those another request inserted first, to be updated instead. */
  private async insertNew(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receivedAt: Date,
    now: Date,
  ): Promise<ItemWrite[]> {
    if (writes.length === 0) return [];
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
    const size = this.writes.maxUpdateStatements;
    for (let start = 0; start < operations.length; start += size) {
      try {
        await this.db.items.bulkWrite(operations.slice(start, start + size), { ordered: false });
      } catch (error) {
        if (!skipNewer || !duplicateKeyIndexes(error)) throw error;
      }
    }
  }

  /** Deletes the items that exist; returns which did. */
  async delete(tenant: string, contentType: string, identifiers: string[]): Promise<Set<string>> {
    const found = await this.existing(tenant, contentType, identifiers);
    if (found.size > 0) {
      const ids = [...found].map((identifier) => this.id(tenant, contentType, identifier));
      await this.db.items.deleteMany({ _id: { $in: ids } });
    }
    return found;
  }
}
