/**
 * What the MongoDB adapter asks of the server, where the test engine cannot show it: TTL indexes
 * for every collection that expires, reads of the change feed at read concern `majority` on a
 * replica set, and the write concern every write waits for.
 */
import { mongo } from 'mongoose';
import { mongoDbEngine } from '../../../core/storage/engines/mongodb/mongodb-engine';
import { mongoIndexOptions } from '../../../core/storage/engines/mongodb/mongodb-indexes';
import { SERVICE_INDEXES } from '../../../core/storage/indexes';

// A client that never connects: collections are made, no command is sent.
const client = new mongo.MongoClient('mongodb://127.0.0.1:1/unit', {
  writeConcern: { w: 'majority' },
});
const db = client.db('unit');

describe('the MongoDB adapter', () => {
  afterAll(() => client.close());

  it('when indexes are made, then sessions, invitations, history, its parts and payloads, tombstones, change diffs, sync names, re-drives and deliveries expire by TTL index, and nothing else', () => {
    const ttl = SERVICE_INDEXES.filter(
      (index) => mongoIndexOptions(index).expireAfterSeconds === 0,
    );
    expect(ttl.map((index) => [index.collection, index.key])).toEqual([
      ['sessions', { expiresAt: 1 }],
      ['invitations', { expiresAt: 1 }],
      ['history', { expiresAt: 1 }],
      ['historyParts', { expiresAt: 1 }],
      ['historyPayloads', { expiresAt: 1 }],
      ['itemTombstones', { expiresAt: 1 }],
      ['changeDiffs', { expiresAt: 1 }],
      ['syncNames', { expiresAt: 1 }],
      ['redrives', { expiresAt: 1 }],
      ['exportDeliveries', { expiresAt: 1 }],
    ]);
    const others = SERVICE_INDEXES.filter((index) => !ttl.includes(index));
    for (const index of others)
      expect(mongoIndexOptions(index)).not.toHaveProperty('expireAfterSeconds');
  });

  it('when indexes are made, then only the declared ones are unique or partial, and none is sparse', () => {
    const named = (indexes: typeof SERVICE_INDEXES) =>
      indexes.map((index) => `${index.collection}.${index.name}`);
    const unique = SERVICE_INDEXES.filter((index) => mongoIndexOptions(index).unique);
    expect(named(unique)).toEqual(['users.tenant_email', 'redrives.tenant_funnel_slot']);
    const partial = SERVICE_INDEXES.filter(
      (index) => mongoIndexOptions(index).partialFilterExpression,
    );
    expect(named(partial)).toEqual([
      'history.tenant_funnel_sync_received',
      'history.tenant_funnel_redrive_received',
    ]);
    expect(partial.map((index) => mongoIndexOptions(index).partialFilterExpression)).toEqual([
      { sync: { $exists: true } },
      { redriveId: { $exists: true } },
    ]);
    for (const index of SERVICE_INDEXES)
      expect(mongoIndexOptions(index)).not.toHaveProperty('sparse');
  });

  it('when the change feed reads, then it reads at majority', () => {
    const engine = mongoDbEngine({ version: '8.0', db });
    for (const name of ['changes', 'items', 'itemTombstones'] as const) {
      expect(engine.feedCollections[name].readConcern?.level).toBe('majority');
    }
  });
});
