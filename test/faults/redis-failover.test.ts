/**
 * Faults: the Redis primary that holds a tenant's queue shard is killed while its requests flow,
 * on a Redis Cluster (a replica takes over its slots) and on a Sentinel group (the replica is
 * promoted). Every request is answered, nothing answered is lost or recorded twice, and the same
 * API and worker processes carry on by themselves.
 */
import { startRedisCluster } from '../../scripts/redis-cluster';
import { startRedisSentinelGroup } from '../../scripts/redis-sentinel';
import { KeySpace } from '../../core/redis/key-space';
import {
  Deployment,
  eventually,
  makeItems,
  sleep,
  storedAsSent,
  type SentItem,
  type Timed,
} from './support/deployment';
import { waitUntil } from '../support/wait-until';
import { ownRedisEnv } from '../support/test-env';

const WAIT_TIMEOUT_MS = 5_000;
/** The clients give up past this (status 0): an answer the API never gave is a hang. */
const GIVE_UP_MS = WAIT_TIMEOUT_MS + 5_000;
const SHARDS = 3;

type Sent = Timed & { items: SentItem[]; requestId: string };

interface Failover {
  /** Kills the primary that holds `slot`; resolves once it is replaced. */
  killPrimaryOf(slot: number): Promise<void>;
}

/**
 * Runs clients against the deployment, fails its primary over mid-flow, lets them run until
 * requests are answered again, and checks what every answer promised.
 */
async function failOverWhileFlowing(deployment: Deployment, failover: Failover): Promise<void> {
  const { contentType, url } = await deployment.funnel();
  const sent: Sent[] = [];
  let flowing = true;
  let counter = 0;
  const client = async (name: string) => {
    while (flowing) {
      const requestId = `${name}-${counter++}`;
      const items = makeItems(requestId, 5);
      const headers = { 'x-request-id': requestId };
      const answer = await deployment.timed('POST', url, items, headers, GIVE_UP_MS);
      sent.push({ ...answer, items, requestId });
      if (answer.status !== 200) await sleep(50);
    }
  };
  const clients = ['a', 'b', 'c'].map(client);
  const okSince = (since: number) =>
    sent.filter((answer) => answer.startedAt >= since && answer.status === 200).length;

  await eventually(
    () => okSince(0),
    (ok) => ok >= 20,
    30_000,
  );
  const keys = new KeySpace(deployment.env.QUEUE_PREFIX ?? '', SHARDS);
  const killedAt = Date.now();
  await failover.killPrimaryOf(keys.shards.of(deployment.tenant).slot);
  const replacedAt = Date.now();
  // The same processes take requests again by themselves: twenty answered since the promotion.
  await waitUntil(
    () => okSince(replacedAt),
    (ok) => ok >= 20,
    { what: 'twenty requests answered after the failover', timeoutMs: 60_000 },
  );
  flowing = false;
  await Promise.all(clients);

  // Every request answered: 200; 503 while the primary was away; or 504 for a request whose job
  // was still to run when WAIT_TIMEOUT_MS ran out. Never a 500 or a hang.
  const statuses = new Set(sent.map((answer) => answer.status));
  expect([...statuses].filter((status) => ![200, 503, 504].includes(status))).toEqual([]);
  expect(sent.filter((answer) => answer.startedAt >= killedAt).length).toBeGreaterThan(0);
  expect(deployment.api.child.exitCode).toBeNull();
  expect(deployment.workers.every((worker) => worker.child.exitCode === null)).toBe(true);

  // Nothing answered 200 is lost: its items are stored as sent.
  const stored = new Map(
    (await deployment.storedItems(contentType)).map((item) => [item.identifier, item]),
  );
  const answered = sent.filter((answer) => answer.status === 200);
  const lost = answered
    .flatMap((answer) => answer.items)
    .filter((item) => {
      const found = stored.get(item.sku);
      return found === undefined || !storedAsSent(found, item);
    });
  expect(lost).toEqual([]);

  // Each request answered 200 or 504 is recorded once (a 504's once its job has run), and no
  // request at all twice.
  const recordsOf = async () =>
    (
      await deployment.db.history
        .find({ tenant: deployment.tenant })
        .project<{ requestId: string }>({ requestId: 1 })
        .toArray()
    ).map((record) => record.requestId);
  const mustBeRecorded = sent
    .filter((answer) => answer.status === 200 || answer.status === 504)
    .map((answer) => answer.requestId);
  const recorded = await eventually(
    recordsOf,
    (ids) => mustBeRecorded.every((id) => ids.includes(id)),
    30_000,
  );
  expect(mustBeRecorded.filter((id) => !recorded.includes(id))).toEqual([]);
  expect(recorded.length).toBe(new Set(recorded).size);
  const written = [...stored.values()].filter((item) => item.version > 1);
  expect(written.map((item) => item.identifier)).toEqual([]);
  expect(deployment.serverErrors()).toEqual([]);
}

describe('a Redis Cluster master killed while requests flow', () => {
  let cluster: Awaited<ReturnType<typeof startRedisCluster>>;
  let deployment: Deployment;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    deployment = await Deployment.start({
      label: 'cluster-failover',
      env: {
        ...ownRedisEnv({ REDIS_CLUSTER_NODES: cluster.nodes }),
        QUEUE_SHARDS: String(SHARDS),
        WAIT_TIMEOUT_MS: String(WAIT_TIMEOUT_MS),
        JOB_LOCK_MS: '3000',
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
      workers: 2,
    });
  });

  afterAll(async () => {
    await deployment?.close();
    await cluster?.stop();
  });

  it('when the master of the tenant’s shard dies, then its replica takes over and no answered request is lost or counted twice', async () => {
    await failOverWhileFlowing(deployment, {
      killPrimaryOf: async (slot) => {
        const masters = await cluster.masters();
        const holder = masters.find((master) =>
          master.slots.some(([low, high]) => slot >= low && slot <= high),
        );
        await cluster.killMaster(holder?.port);
        await cluster.waitForHealthy(30_000);
      },
    });
  });
});

describe('the Sentinel primary killed while requests flow', () => {
  let group: Awaited<ReturnType<typeof startRedisSentinelGroup>>;
  let deployment: Deployment;

  beforeAll(async () => {
    group = await startRedisSentinelGroup();
    deployment = await Deployment.start({
      label: 'sentinel-failover',
      env: {
        ...ownRedisEnv({
          REDIS_SENTINELS: group.sentinels,
          REDIS_SENTINEL_MASTER: group.masterName,
        }),
        QUEUE_SHARDS: String(SHARDS),
        WAIT_TIMEOUT_MS: String(WAIT_TIMEOUT_MS),
        JOB_LOCK_MS: '3000',
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
      workers: 2,
    });
  });

  afterAll(async () => {
    await deployment?.close();
    await group?.stop();
  });

  it('when the primary dies, then its replica is promoted and no answered request is lost or counted twice', async () => {
    await failOverWhileFlowing(deployment, {
      killPrimaryOf: async () => {
        const { port } = await group.killMaster();
        await group.waitForFailover(port, 30_000);
      },
    });
  });
});
