/**
 * Every collection of the service's database, typed by each concept's own documents. A repository
 * asks only for the collections of its concept (AuthCollections, ItemCollections...); this is the
 * whole set, for the processes and tools that build repositories.
 */
import type { Connection, mongo } from 'mongoose';
import type { AuthCollections } from '../auth/auth-collections';
import type { ChangeCollections } from '../changes/change-collections';
import type { ExportCollections } from '../export/export-collections';
import type { HistoryCollections } from '../history/history-collections';
import type { ItemCollections } from '../items/item-collections';
import { databaseOf } from '../mongo/connection';
import type { SettingsCollections } from '../settings/settings-collections';
import type { SyncCollections } from '../syncs/sync-collections';

export type Collections = AuthCollections &
  SettingsCollections &
  ItemCollections &
  HistoryCollections &
  ChangeCollections &
  SyncCollections &
  ExportCollections;

export function collections(connection: Connection): Collections {
  return collectionsOf(databaseOf(connection));
}

/** The same over a driver database, for tools and tests that hold a MongoClient. */
export function collectionsOf(db: mongo.Db): Collections {
  return {
    tenants: db.collection('tenants'),
    users: db.collection('users'),
    tokens: db.collection('tokens'),
    tokenUses: db.collection('token_uses'),
    contentTypes: db.collection('content_types'),
    funnels: db.collection('funnels'),
    items: db.collection('items'),
    itemStats: db.collection('item_stats'),
    itemTombstones: db.collection('item_tombstones'),
    changeIntents: db.collection('change_intents'),
    history: db.collection('history'),
    changes: db.collection('changes'),
    changeHeads: db.collection('change_heads'),
    syncs: db.collection('syncs'),
    syncNames: db.collection('sync_names'),
    exports: db.collection('exports'),
    exportDeliveries: db.collection('export_deliveries'),
    exportDeliveryLog: db.collection('export_delivery_log'),
  };
}
