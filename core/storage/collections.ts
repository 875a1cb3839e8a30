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
import { joiningTransactions } from '../mongo/joining-transaction';
import { queryTimeLimitOf, withQueryTimeLimit } from '../mongo/query-time-limit';
import type { TurnCollections } from '../mongo/turns';
import type { SettingsCollections } from '../settings/settings-collections';
import type { RedriveCollections } from '../redrives/redrive-collections';
import type { SyncCollections } from '../syncs/sync-collections';

export type Collections = AuthCollections &
  SettingsCollections &
  ItemCollections &
  HistoryCollections &
  ChangeCollections &
  SyncCollections &
  RedriveCollections &
  ExportCollections &
  TurnCollections;

export function collections(connection: Connection): Collections {
  return collectionsOf(databaseOf(connection), {}, queryTimeLimitOf(connection));
}

/**
 * The same over a driver database, for tools and tests that hold a MongoClient; `options` apply
 * to every collection (a read concern, say), and `maxTimeMS` bounds each of their reads. Every
 * command joins the transaction it is made in (core/mongo/transactions.ts).
 */
export function collectionsOf(
  db: mongo.Db,
  options: mongo.CollectionOptions = {},
  maxTimeMS?: number,
): Collections {
  const collection = <T extends mongo.Document>(name: string) => {
    const joining = joiningTransactions(db.collection<T>(name, options));
    return maxTimeMS === undefined ? joining : withQueryTimeLimit(joining, maxTimeMS);
  };
  return {
    tenants: collection('tenants'),
    users: collection('users'),
    tokens: collection('tokens'),
    tokenUses: collection('token_uses'),
    passwords: collection('passwords'),
    invitations: collection('invitations'),
    sessions: collection('sessions'),
    contentTypes: collection('content_types'),
    funnels: collection('funnels'),
    items: collection('items'),
    itemStats: collection('item_stats'),
    itemTombstones: collection('item_tombstones'),
    history: collection('history'),
    historyParts: collection('history_parts'),
    historyPayloads: collection('history_payloads'),
    changes: collection('changes'),
    changeDiffs: collection('change_diffs'),
    syncs: collection('syncs'),
    syncNames: collection('sync_names'),
    redrives: collection('redrives'),
    exports: collection('exports'),
    exportDeliveries: collection('export_deliveries'),
    turns: collection('turns'),
  };
}
