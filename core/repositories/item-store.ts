/**
 * The write side of items, batched per request: one `$in` query per lookup kind, one unordered
 * `bulkWrite` for all upserts, one `deleteMany`. Every write filters on the deterministic `_id`
 * alone, which both engines serve from the primary index.
 */
import type { mongo } from 'mongoose';
import { documentId } from '../domain/keys';
import type { Collections } from '../db/collections';
import type { ItemDocument } from '../items/item';

export interface ItemWrite {
  identifier: string;
  set: { name?: unknown; image?: unknown; parent?: unknown; properties: Record<string, unknown> };
  unset: { fields: string[]; properties: string[] };
}

export class ItemStore {
  constructor(private readonly db: Collections) {}

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
      .find({ _id: { $in: ids } }, { projection: { identifier: 1 } })
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
        { projection: { identifier: 1 } },
      )
      .toArray();
    return found.map((item) => item.identifier);
  }

  /** Upserts every item in one unordered bulkWrite; unmapped stored fields stay as they are. */
  async upsert(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receivedAt: Date,
  ): Promise<void> {
    if (writes.length === 0) return;
    const now = new Date();
    const operations: mongo.AnyBulkWriteOperation<ItemDocument>[] = writes.map((write) => {
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
    });
    await this.db.items.bulkWrite(operations, { ordered: false });
    const lengths = [...new Set(writes.map((write) => write.identifier.toLowerCase().length))];
    await this.db.itemStats.updateOne(
      { _id: this.id(tenant, contentType, 'lengths') },
      { $addToSet: { lengths: { $each: lengths } } },
      { upsert: true },
    );
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
