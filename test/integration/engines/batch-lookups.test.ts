/**
 * A batch's lookups through the adapter: the answer is the documents of the scope that hold one
 * of the values, each once, with the fields asked for.
 */
import type { Connection, mongo } from 'mongoose';
import { connectMongo, databaseOf } from '../../../core/mongo/connection';
import type { ScopedDocument } from '../../../core/mongo/batch-operations';
import { MONGODB_BATCHES } from '../../../core/storage/engines/mongodb/mongodb-batches';
import { uniqueMongoUrl } from '../../support/test-env';

interface Doc extends ScopedDocument {
  identifier: string;
  colour: string;
}

const scope = { tenant: 'acme', contentType: 'products' };
const url = uniqueMongoUrl('batchlookups');
const idOf = (n: number) => `acme:products:sku-${n}`;

describe('batch lookups', () => {
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

  const batches = () => MONGODB_BATCHES;

  describe('the MongoDB adapter', () => {
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
});
