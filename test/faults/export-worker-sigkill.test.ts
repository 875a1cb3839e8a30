/**
 * Faults: a worker SIGKILLed while a receiver holds its export delivery unanswered. The send job
 * it held is taken up again by another worker once its lock runs out (JOB_LOCK_MS), and the
 * delivery is sent again with the same webhook-id. Every item still arrives at its latest version,
 * and per item the receiver never sees an older version after a newer one.
 */
import type { ServerResponse } from 'node:http';
import { ChangeLogStore } from '../../core/changes/change-log-store';
import type { ChangeView } from '../../core/changes/change-record';
import { ExportQueue } from '../../core/export/export-queue';
import { MONGODB_CHANGE_BATCHES } from '../../core/storage/engines/mongodb/mongodb-change-batches';
import { startTestApi, type TestApi } from '../support/api-harness';
import type { RedisClient } from '../../core/redis/redis-connection';
import { testRedis } from '../support/test-env';
import { startReceiver, type LoopbackReceiver } from '../support/loopback-receiver';
import { startProcess, type RunningProcess } from '../support/processes';
import { waitUntil } from '../support/wait-until';
import {
  applyChanges,
  change,
  createContentType,
  createExport,
  EXPORT_TEST_ENV,
} from '../integration/export/support/export-fixture';

const ITEMS = 12;
const VERSIONS = 6;

describe('a worker killed with SIGKILL in the middle of an export delivery', () => {
  let api: TestApi;
  let receiver: LoopbackReceiver;
  let redis: RedisClient;
  let queue: ExportQueue;
  const workers: RunningProcess[] = [];
  const held: ServerResponse[] = [];
  let holding = true;

  beforeAll(async () => {
    const env = { ...EXPORT_TEST_ENV, JOB_LOCK_MS: '2000' };
    api = await startTestApi('export-sigkill', env);
    redis = testRedis();
    queue = new ExportQueue(redis, api.context.queue.keys);
    // The first delivery is held unanswered until its worker is dead; then every one is answered.
    receiver = await startReceiver((_request, response) => {
      if (holding) held.push(response);
      else response.writeHead(200).end();
    });
    workers.push(await startProcess('worker', { ...api.env, ...env }));
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await receiver.close();
    await queue.close();
    redis.disconnect();
    await api.close();
  });

  it('when it dies holding a delivery, then every change arrives, in order per item', async () => {
    const { token } = await api.bootstrap('acme');
    await createContentType(api, token);
    const exp = await createExport(api, token, { url: receiver.origin, batchSize: 4 });
    const log = new ChangeLogStore(api.context.db, MONGODB_CHANGE_BATCHES);
    const write = async (version: number) => {
      const changes = Array.from({ length: ITEMS }, (_, i) => change(`I-${i}`, version));
      await applyChanges(api.context.db, log, 'acme', changes);
      await queue.dispatch({ tenant: 'acme', exportId: exp.id });
    };
    await write(1);
    await waitUntil(
      () => held.length,
      (count) => count >= 1,
      {
        what: 'a delivery held by the receiver',
      },
    );
    const [victim] = workers;
    expect(await victim!.stop('SIGKILL')).toBeNull();
    holding = false;
    for (const response of held) response.destroy();
    for (let version = 2; version <= VERSIONS; version += 1) await write(version);
    workers.push(
      await startProcess('worker', { ...api.env, ...EXPORT_TEST_ENV, JOB_LOCK_MS: '2000' }),
    );

    const received = () =>
      receiver.received.flatMap((r) => (JSON.parse(r.body) as { changes: ChangeView[] }).changes);
    // Every item's latest version arrives (versions read after a newer one was written carry
    // the newer state: docs/changes.md#what-readers-get).
    const latest = () =>
      received()
        .filter((c) => c.version === VERSIONS)
        .map((c) => c.identifier);
    await waitUntil(
      () => new Set(latest()).size,
      (items) => items === ITEMS,
      { what: 'every item delivered at its last version', timeoutMs: 120_000 },
    );
    const last = new Map<string, number>();
    for (const c of received()) {
      expect(c.version).toBeGreaterThanOrEqual(last.get(c.identifier) ?? 0);
      last.set(c.identifier, c.version);
    }
    // The held delivery came again with its webhook-id.
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids.filter((id) => id === ids[0]).length).toBeGreaterThanOrEqual(2);
  });
});
