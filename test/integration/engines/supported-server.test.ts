/** The test engine (DocumentDB, behind its gateway) passes the start-up check on the server. */
import type { Connection } from 'mongoose';
import { connectMongo } from '../../../core/mongo/connection';
import { openStorageEngine } from '../../../core/storage/engines/open-storage-engine';
import { uniqueMongoUrl } from '../../support/test-env';

describe('the server check on the test engine', () => {
  let mongo: Connection;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('supportedserver'), 'test');
  });
  afterAll(async () => {
    await mongo.close();
  });

  it('when a process opens the storage engine, then the server is accepted', async () => {
    await expect(openStorageEngine(mongo)).resolves.toMatchObject({ version: expect.any(String) });
  });
});
