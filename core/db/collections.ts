/**
 * The collections, typed by the zod-inferred document types. Repositories use the driver's
 * collections directly: batch writes (`bulkWrite`) and projections stay close to the wire.
 */
import type { Connection, mongo } from 'mongoose';
import type { TokenDocument } from '../auth/token-record';
import type { UserDocument } from '../auth/user';
import type { HistoryDocument } from '../history/history-record';
import type { ItemDocument } from '../items/item';
import type { ContentType } from '../settings/content-type';
import type { Funnel } from '../settings/funnel';

export type ContentTypeDocument = ContentType & { _id: string; tenant: string };
/**
 * A funnel as stored. Its sample is kept as JSON text (`requestDataJson`), since a sample may hold
 * keys a document cannot (`$where`, `a.b`, a NUL); funnels saved before hold `requestData`.
 */
export type FunnelDocument = Omit<Funnel, 'requestData'> & {
  _id: string;
  tenant: string;
  requestData?: unknown;
  requestDataJson?: string;
};
/** Per content type, the distinct lengths of its identifiers (lazy matching looks only at those). */
export interface ItemStatsDocument {
  _id: string;
  lengths: number[];
  /** The receive time of the latest DELETE: writes received earlier look for tombstones. */
  deletedUpTo?: Date;
}
/** What a DELETE leaves of an identifier, so that an older POST finishing later stays undone. */
export interface ItemTombstoneDocument {
  /** The item's `_id` (core/domain/keys.ts). */
  _id: string;
  tenant: string;
  contentType: string;
  /** The receive time of the latest DELETE of the identifier. */
  receivedAt: Date;
  expiresAt: Date;
}
export interface TenantDocument {
  _id: string;
  createdAt: Date;
}

type Collection<T extends mongo.Document> = mongo.Collection<T>;

export interface Collections {
  tenants: Collection<TenantDocument>;
  users: Collection<UserDocument>;
  tokens: Collection<TokenDocument>;
  contentTypes: Collection<ContentTypeDocument>;
  funnels: Collection<FunnelDocument>;
  items: Collection<ItemDocument>;
  itemStats: Collection<ItemStatsDocument>;
  itemTombstones: Collection<ItemTombstoneDocument>;
  history: Collection<HistoryDocument>;
}

export function databaseOf(connection: Connection): mongo.Db {
  const db = connection.db;
  if (!db) throw new Error('MongoDB is not connected');
  return db;
}

export function collections(connection: Connection): Collections {
  return collectionsOf(databaseOf(connection));
}

/** The same over a driver database, for tools and tests that hold a MongoClient. */
export function collectionsOf(db: mongo.Db): Collections {
  const named = <T extends mongo.Document>(name: string) => db.collection<T>(name);
  return {
    tenants: named<TenantDocument>('tenants'),
    users: named<UserDocument>('users'),
    tokens: named<TokenDocument>('tokens'),
    contentTypes: named<ContentTypeDocument>('content_types'),
    funnels: named<FunnelDocument>('funnels'),
    items: named<ItemDocument>('items'),
    itemStats: named<ItemStatsDocument>('item_stats'),
    itemTombstones: named<ItemTombstoneDocument>('item_tombstones'),
    history: named<HistoryDocument>('history'),
  };
}
