/**
 * What expires, and how (docs/storage.md#retention): history records, item tombstones, the names
 * of full syncs and deliveries that succeeded go once their `expiresAt` has passed, by TTL
 * indexes the processes create; the server's TTL monitor removes them.
 */
import { EXPORT_TEST_ENV } from '../export/support/export-fixture';
import { startTestApi } from '../../support/api-harness';
import { startTestWorker } from '../../support/worker-harness';

describe('expiry: a worker', () => {
  it('when a worker starts, then every collection that expires has its TTL index', async () => {
    const api = await startTestApi('expiry-worker', EXPORT_TEST_ENV);
    const db = api.context.db;
    const worker = await startTestWorker({ ...api.env, ...EXPORT_TEST_ENV });
    try {
      // The TTL monitor's pass is the server's, once a minute: the indexes are what we own.
      const expiring = [
        'history',
        'historyParts',
        'historyPayloads',
        'itemTombstones',
        'syncNames',
        'exportDeliveries',
      ];
      for (const collection of expiring) {
        const indexes = await db[collection as 'history'].listIndexes().toArray();
        expect(indexes).toContainEqual(expect.objectContaining({ expireAfterSeconds: 0 }));
      }
    } finally {
      await worker.stop();
      await api.close();
    }
  });
});
