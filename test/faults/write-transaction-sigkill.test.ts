/**
 * Faults: a worker killed between the writes of a request: after its items, before their change
 * records and its history record. They are one transaction (docs/storage.md#transactions), so
 * nothing of the request is left: no item without its change record and its history. The test
 * holds the worker there by holding, in a transaction of its own, the change-log document the
 * request's records would be (a fresh tenant's first); the worker writes its items, meets the
 * held document, and runs its transaction again until it is killed.
 */
import { mongo } from 'mongoose';
import { changeBatchIdOf } from '../../core/changes/change-record';
import type { RunningProcess } from '../support/processes';
import { Deployment, makeItems, type Timed } from './support/deployment';
import { expectStoredExactlyOnce } from './support/stored-items';

const ITEMS = 500;

describe('a worker killed after writing a request’s items, before their records', () => {
  let deployment: Deployment;
  let client: mongo.MongoClient;

  beforeAll(async () => {
    deployment = await Deployment.start({
      label: 'txkill',
      env: { JOB_LOCK_MS: '3000', WAIT_TIMEOUT_MS: '120000', LOG_LEVEL: 'debug' },
      workers: 2,
    });
    client = await mongo.MongoClient.connect(deployment.env.MONGO_URL ?? '');
  });

  afterAll(async () => {
    await client.close();
    await deployment.close();
  });

  it('when it is killed, then nothing of the request is kept, and the worker that takes it up writes items, change records and history together', async () => {
    const { contentType, url } = await deployment.funnel();
    const held = client.startSession();
    held.startTransaction();
    const changes = client.db().collection<{ _id: string }>('changes');
    await changes.insertOne({ _id: changeBatchIdOf(deployment.tenant, 1) }, { session: held });

    const requestId = 'txkill-1';
    const items = makeItems(requestId, ITEMS);
    const answer: Promise<Timed> = deployment.timed('POST', url, items, {
      'X-Request-Id': requestId,
    });
    const { worker: victim } = await deployment.workerStarting(requestId, 60_000);
    // Its items are written, in its transaction; its first change-log append met the held one.
    await victim.waitForLog(
      (line) => line.msg === 'transaction runs again' && line.requestId === requestId,
      60_000,
    );
    expect(await victim.stop('SIGKILL')).toBeNull();

    // Nothing of the request is visible: the items went with the transaction.
    expect(await deployment.storedItems(contentType)).toEqual([]);
    expect(
      await changes.countDocuments({ _id: { $ne: changeBatchIdOf(deployment.tenant, 1) } }),
    ).toBe(0);
    expect(await deployment.history(url, requestId)).toBeNull();

    await held.abortTransaction();
    await held.endSession();
    const survivor = deployment.workers.find((worker) => worker !== victim) as RunningProcess;
    const outcome = await answer;
    expect(outcome.status).toBe(200);
    await survivor.waitForLog(
      (line) => line.msg === 'job finished' && line.requestId === requestId,
    );

    await expectStoredExactlyOnce(deployment, contentType, items);
    const recorded = await deployment.db.changes
      .find({ tenant: deployment.tenant, contentType })
      .toArray();
    const created = recorded.flatMap((batch) =>
      batch.entries.filter((entry) => entry.event === 'created' && entry.version === 1),
    );
    expect(created.map((entry) => entry.identifier).sort()).toEqual(
      items.map((item) => item.sku).sort(),
    );
    const record = await deployment.history(url, requestId);
    expect(record).toMatchObject({ status: 'success', httpStatus: 200, itemCount: ITEMS });
    expect(deployment.serverErrors()).toEqual([]);
  });
});
