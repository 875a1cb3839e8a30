/**
 * MongoDB's rule for unique indexes, checked over what the service wrote: a document that lacks a
 * field of a unique index's key is indexed as null there, so a second such document collides.
 * DocumentDB, the test engine, keeps that rule; FerretDB v1 stored a missing field as SQL NULL,
 * which never collides, so only an audit of the documents showed the fault there
 * (docs/storage.md#unique-indexes-and-missing-fields).
 */
import type { mongo } from 'mongoose';

interface IndexInfo {
  name: string;
  key: Record<string, unknown>;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: unknown;
}

/** A unique index some document of its collection lacks a key field of. */
export interface IndexGap {
  collection: string;
  index: string;
  field: string;
  documents: number;
}

export interface AuditedIndex {
  collection: string;
  index: string;
  documents: number;
}

export interface IndexAudit {
  gaps: IndexGap[];
  /** The unique indexes audited (all but `_id`), with the documents of their collection. */
  audited: AuditedIndex[];
}

/**
 * Every unique index of every collection of `db` but `_id` (which every document has) and those
 * declared sparse or partial on purpose: each field of its key against the documents lacking it.
 */
export async function auditUniqueIndexes(db: mongo.Db): Promise<IndexAudit> {
  const gaps: IndexGap[] = [];
  const audited: AuditedIndex[] = [];
  for (const { name: collectionName } of await db.listCollections().toArray()) {
    const collection = db.collection(collectionName);
    const indexes = (await collection.listIndexes().toArray()) as IndexInfo[];
    for (const index of indexes) {
      if (!index.unique || index.name === '_id_') continue;
      if (index.sparse || index.partialFilterExpression !== undefined) continue;
      audited.push({
        collection: collectionName,
        index: index.name,
        documents: await collection.countDocuments({}),
      });
      for (const field of Object.keys(index.key)) {
        const documents = await collection.countDocuments({ [field]: { $exists: false } });
        if (documents > 0)
          gaps.push({ collection: collectionName, index: index.name, field, documents });
      }
    }
  }
  return { gaps, audited };
}
