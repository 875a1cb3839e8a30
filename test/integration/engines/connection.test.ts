/**
 * The connection every process opens (docs/storage.md#write-and-read-concern): its writes wait
 * for `majority` unless MONGO_WRITE_CONCERN says otherwise, and the server takes them so.
 */
import { connectMongo, databaseOf } from '../../../core/mongo/connection';
import { uniqueMongoUrl } from '../../support/test-env';

describe('the MongoDB connection', () => {
  it.each([
    [undefined, 'majority'],
    [1, 1],
  ] as const)(
    'when the write concern is %p, then writes carry w %p and are acknowledged',
    async (given, w) => {
      const mongo = await connectMongo(uniqueMongoUrl('connection'), 'test', {
        ...(given === undefined ? {} : { writeConcern: given }),
      });
      try {
        const probes = databaseOf(mongo).collection<{ _id: string }>('probes');
        expect(probes.writeConcern?.w).toBe(w);
        const written = await probes.insertOne({ _id: 'one' });
        expect(written.acknowledged).toBe(true);
      } finally {
        await mongo.dropDatabase();
        await mongo.close();
      }
    },
  );
});
