/**
 * A batch's lookups through each engine's adapter: whatever way the adapter reads (on FerretDB v1
 * lists of ids where the engine serves them from SQLite, else one `_id` query each for a few ids
 * and one pass over the scope for more), the answer is the documents of the scope that hold one
 * of the values, each once, with the fields asked for.
 */
import { mongo as driver, type Connection, type mongo } from 'mongoose';
import { connectMongo, databaseOf } from '../../../core/mongo/connection';
import type { BatchOperations, ScopedDocument } from '../../../core/mongo/batch-operations';
import { ferretDbBatches } from '../../../core/storage/engines/ferretdb/ferretdb-batches';
import { bothEngines } from '../../support/storage-engines';
import { uniqueMongoUrl } from '../../support/test-env';

interface Doc extends ScopedDocument {
  identifier: string;
  colour: string;
}

const scope = { tenant: 'acme', contentType: 'products' };
const url = uniqueMongoUrl('batchlookups');
const idOf = (n: number) => `acme:products:sku-${n}`;

describe('batch lookups by each engine adapter', () => {
  let mongo: Connection;
  let docs: mongo.Collection<Doc>;

  beforeAll(async () => {
    mongo = await connectMongo(url, 'test');
    docs = databaseOf(mongo).collection<Doc>('docs');
    const stored = Array.from({ length: 30 }, (_, n) => ({
      _id: idOf(n),
      ...scope,
      identifier: `sku-${n}`,
      colour: n % 2 === 0 ? 'red' : 'blue',
    }));
    const elsewhere = { _id: 'acme:pages:sku-1', tenant: 'acme', contentType: 'pages' };
    await docs.insertMany([...stored, { ...elsewhere, identifier: 'sku-1', colour: 'red' }]);
  });
  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
  });

  const adapters: [string, () => BatchOperations][] = [
    ['MongoDB', () => new Map(bothEngines(mongo)).get('MongoDB')!.batches],
    ['FerretDB', () => new Map(bothEngines(mongo)).get('FerretDB')!.batches],
    // As on a FerretDB v1 that reads no list of ids from SQLite (one not built by
    // scripts/install-engines.sh).
    ['FerretDB without id lists', () => ferretDbBatches(() => Promise.resolve(false))],
  ];

  describe.each(adapters)('%s', (_name, batches) => {
    // From one id to more than a few: each of FerretDB's ways of reading.
    it.each([1, 2, 8, 9, 25])('finds %i ids, with missing ones and repeats', async (count) => {
      const wanted = Array.from({ length: count }, (_, n) => idOf(n));
      const asked = [...wanted, idOf(wanted.length > 1 ? 1 : 0), 'acme:products:none'];
      const found = await batches().findIn(docs, scope, '_id', asked, ['identifier']);
      expect(found.map((doc) => doc._id).sort()).toEqual([...wanted].sort());
      expect(found[0]).toEqual({ _id: found[0]?._id, identifier: expect.any(String) });
    });

    it('finds by another field within the scope only', async () => {
      const found = await batches().findIn(
        docs,
        scope,
        'identifier',
        ['sku-1', 'sku-3'],
        ['colour'],
      );
      expect(found.map((doc) => [doc._id, doc.colour]).sort()).toEqual([
        [idOf(1), 'blue'],
        [idOf(3), 'blue'],
      ]);
    });

    it('answers nothing for no values', async () => {
      expect(await batches().findIn(docs, scope, '_id', [], ['identifier'])).toEqual([]);
    });
  });

  // The FerretDB the tests start unless told otherwise (FERRETDB_BIN, MONGO_URL).
  const ourFerretDb = process.env.TEST_ENGINE_NAME === 'ferretdb' && !process.env.FERRETDB_BIN;
  (ourFerretDb ? describe : describe.skip)(
    "FerretDB's adapter on the engine scripts/install-engines.sh builds",
    () => {
      let client: driver.MongoClient;
      /** The filters of the `find` commands sent. */
      let finds: { _id?: { $in?: string[] } }[] = [];

      beforeAll(async () => {
        client = new driver.MongoClient(url, { monitorCommands: true });
        client.on('commandStarted', (event) => {
          if (event.commandName === 'find')
            finds.push(event.command.filter as (typeof finds)[number]);
        });
        await client.connect();
      });
      afterAll(() => client.close());

      it('when it reads more ids than a list holds, then it sends lists of 1,000, of ids alone', async () => {
        const many = databaseOf(mongo).collection<Doc>('many');
        const stored = Array.from({ length: 2_500 }, (_, n) => ({
          _id: idOf(n),
          ...scope,
          identifier: `sku-${n}`,
          colour: 'red',
        }));
        await many.insertMany(stored);
        const batches = ferretDbBatches();
        const watched = client.db(mongo.db?.databaseName).collection<Doc>('many');
        finds = [];
        const wanted = stored.map((doc) => doc._id).reverse();
        const found = await batches.findIn(watched, scope, '_id', wanted, ['colour']);
        expect(found.map((doc) => doc._id).sort()).toEqual([...wanted].sort());
        const lengths = finds.map((filter) => filter._id?.$in?.length);
        expect(lengths.sort((a = 0, b = 0) => a - b)).toEqual([500, 1_000, 1_000]);
        expect(finds.map((filter) => Object.keys(filter))).toEqual([['_id'], ['_id'], ['_id']]);
      });
    },
  );
});
