/**
 * The shard keys docs/operations.md#sharding recommends fit the service's indexes: a ranged key
 * has an index that starts with it, a sharded collection holds no unique index (but `_id`) that
 * does not start with its key (MongoDB refuses to shard it otherwise), and no key is the tenant
 * alone, whose chunks a large tenant would make too big to split.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mongo } from 'mongoose';
import { collectionsOf, type Collections } from '../../../core/storage/collections';
import { SERVICE_INDEXES } from '../../../core/storage/indexes';

const OPERATIONS = path.resolve(__dirname, '../../../docs/operations.md');

// A client that never connects: only the collections' names are read.
const client = new mongo.MongoClient('mongodb://127.0.0.1:1/unit');
const names = collectionsOf(client.db('unit'));

/** The documented table's rows: the collection's name in the database and its key. */
function documentedKeys(): { collection: keyof Collections; key: Record<string, unknown> }[] {
  const section = readFileSync(OPERATIONS, 'utf8').split('### Sharding')[1] ?? '';
  const rows = [...section.matchAll(/^\| `(\w+)` +\| `(\{[^`]+\})`/gm)];
  return rows.map(([, name, key]) => {
    const collection = (Object.keys(names) as (keyof Collections)[]).find(
      (candidate) => names[candidate].collectionName === name,
    );
    if (!collection) throw new Error(`docs/operations.md shards an unknown collection: ${name}`);
    // `{ tenant: 1, firstSeq: 1 }` and `{ _id: "hashed" }` as JSON.
    const json = (key ?? '').replace(/(\w+):/g, '"$1":');
    return { collection, key: JSON.parse(json) as Record<string, unknown> };
  });
}

const startsWith = (index: Record<string, unknown>, key: Record<string, unknown>) =>
  Object.entries(key).every(([field, kind], i) => {
    const [indexField, direction] = Object.entries(index)[i] ?? [];
    return indexField === field && direction === kind;
  });

describe('shard keys and the indexes', () => {
  afterAll(() => client.close());
  const keys = documentedKeys();

  it('when docs/operations.md lists the shard keys, then it names the change log and items', () => {
    expect(keys.map(({ collection }) => collection)).toEqual(
      expect.arrayContaining(['items', 'changes']),
    );
  });

  it.each(keys)(
    'when $collection is sharded on its key, then the indexes fit it',
    ({ collection, key }) => {
      const indexes = SERVICE_INDEXES.filter((index) => index.collection === collection);
      const hashed = Object.values(key).includes('hashed');
      if (!hashed) expect(indexes.some((index) => startsWith(index.key, key))).toBe(true);
      const uniqueElsewhere = indexes.filter(
        (index) => index.unique && (hashed || !startsWith(index.key, key)),
      );
      expect(uniqueElsewhere).toEqual([]);
      expect(Object.keys(key)).not.toEqual(['tenant']);
    },
  );
});
