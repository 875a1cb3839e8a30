/**
 * The service's indexes held against what the service wrote (docs/storage.md#indexed-fields):
 *
 * - a unique index: no document lacks a field of its key or stores null there. MongoDB indexes
 *   both as null, so a second such document collides;
 * - any other index: no document lacks, or holds null in, the tenant or the key's field after it.
 *   Such a document sits under null, where no tenant-first read looks for it;
 * - a TTL index: no document lacks `expiresAt` (it would never go). A null there is the service
 *   keeping a document until it sets the date (a delivery not yet sent).
 */
import type { mongo } from 'mongoose';
import { collectionsOf } from '../../core/storage/collections';
import { SERVICE_INDEXES } from '../../core/storage/indexes';

/** An index to audit, by its collection's name in the database. */
export interface AuditedIndexSpec {
  collection: string;
  name: string;
  key: Readonly<Record<string, 1 | -1>>;
  unique?: true;
  expires?: true;
}

/** Documents of a collection that store nothing, or null, in a field an index relies on. */
export interface IndexGap {
  collection: string;
  index: string;
  field: string;
  stores: 'nothing' | 'null';
  documents: number;
}

export interface AuditedIndex {
  collection: string;
  index: string;
  /** The fields checked in each document. */
  fields: string[];
  /** The documents of its collection. */
  documents: number;
}

export interface IndexAudit {
  gaps: IndexGap[];
  audited: AuditedIndex[];
}

/** SERVICE_INDEXES under their collections' names in `db`. */
export function serviceIndexSpecs(db: mongo.Db): AuditedIndexSpec[] {
  const names = collectionsOf(db);
  return SERVICE_INDEXES.map(({ collection, ...index }) => ({
    ...index,
    collection: names[collection].collectionName,
  }));
}

/** The fields the rule checks, and whether a null there is a gap. */
function checkedFields(index: AuditedIndexSpec): { fields: string[]; nullIsGap: boolean } {
  const keys = Object.keys(index.key);
  if (index.unique) return { fields: keys, nullIsGap: true };
  if (index.expires) return { fields: keys, nullIsGap: false };
  const [first, second] = keys;
  const leading = first === 'tenant' && second !== undefined ? [first, second] : keys.slice(0, 1);
  return { fields: leading, nullIsGap: true };
}

export async function auditIndexes(
  db: mongo.Db,
  indexes: readonly AuditedIndexSpec[],
): Promise<IndexAudit> {
  const gaps: IndexGap[] = [];
  const audited: AuditedIndex[] = [];
  for (const index of indexes) {
    const collection = db.collection(index.collection);
    const { fields, nullIsGap } = checkedFields(index);
    audited.push({
      collection: index.collection,
      index: index.name,
      fields,
      documents: await collection.countDocuments({}),
    });
    for (const field of fields) {
      const found = { collection: index.collection, index: index.name, field };
      const lacking = await collection.countDocuments({ [field]: { $exists: false } });
      if (lacking > 0) gaps.push({ ...found, stores: 'nothing', documents: lacking });
      if (!nullIsGap) continue;
      const nulls = await collection.countDocuments({ [field]: { $type: 'null' } });
      if (nulls > 0) gaps.push({ ...found, stores: 'null', documents: nulls });
    }
  }
  return { gaps, audited };
}

/** A gap in words, for a failing test's output. */
export function describeGap(gap: IndexGap): string {
  const stores = gap.stores === 'nothing' ? 'lack' : 'store null in';
  return `${gap.collection}.${gap.index}: ${gap.documents} document(s) ${stores} ${gap.field}`;
}
