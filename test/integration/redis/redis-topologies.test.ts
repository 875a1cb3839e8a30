/**
 * The multi-node Redis topologies that tests and the bench start on loopback
 * (scripts/redis-cluster.ts, scripts/redis-sentinel.ts), seen through plain ioredis clients: a
 * cluster serves every master's slots and survives the loss of one, a Sentinel group fails over.
 * Each topology here is this file's own, whatever TEST_REDIS_TOPOLOGY the run uses.
 */
import { Cluster, Redis } from 'ioredis';
import { attachRedisCluster, startRedisCluster } from '../../../scripts/redis-cluster';
import { attachRedisSentinelGroup, startRedisSentinelGroup } from '../../../scripts/redis-sentinel';

const addresses = (list: string) =>
  list.split(',').map((address) => ({ host: '127.0.0.1', port: Number(address.split(':')[1]) }));

describe('a Redis Cluster on loopback', () => {
  let cluster: Awaited<ReturnType<typeof startRedisCluster>>;
  let client: Cluster;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    client = new Cluster(addresses(cluster.nodes));
    // The killed master's connection fails until the client learns the new slot owners.
    client.on('error', () => undefined);
  });

  afterAll(async () => {
    client?.disconnect();
    await cluster?.stop();
  });

  /** The port of the master that serves `key`'s slot. */
  async function masterOf(key: string): Promise<number | undefined> {
    const slot = Number(await client.cluster('KEYSLOT', key));
    const masters = await cluster.masters();
    return masters.find((master) => master.slots.some(([from, to]) => slot >= from && slot <= to))
      ?.port;
  }

  it('when keys are written, then all three masters serve some and every key reads back', async () => {
    const keys = Array.from({ length: 30 }, (_, index) => `spread-${index}`);
    for (const key of keys) await client.set(key, key);

    const owners = await Promise.all(keys.map(masterOf));
    const masters = await cluster.masters();
    expect(new Set(owners)).toEqual(new Set(masters.map((master) => master.port)));
    expect(await Promise.all(keys.map((key) => client.get(key)))).toEqual(keys);
    expect(await attachRedisCluster(cluster.nodes).masters()).toEqual(masters);
  });

  it('when a master is killed, then a replica serves its slots and a key in them is written and read', async () => {
    const before = await cluster.masters();
    const { port: killed } = await cluster.killMaster(0);
    await cluster.waitForHealthy();

    const after = await cluster.masters();
    expect(after.map((master) => master.port)).not.toContain(killed);
    expect(after.map((master) => master.slots)).toEqual(before.map((master) => master.slots));
    // The killed master's slots, now its replica's: a key that falls in them.
    const key = await firstKeyInRange(...before[0]!.slots[0]!);
    await client.set(key, 'written after the failover');
    expect(await client.get(key)).toBe('written after the failover');
    expect(await masterOf(key)).toBe(after[0]!.port);

    await cluster.restartNode(killed);
    await cluster.waitForHealthy();
    const restarted = new Redis({ host: '127.0.0.1', port: killed });
    try {
      expect((await restarted.role())[0]).toBe('slave');
    } finally {
      restarted.disconnect();
    }
  });

  async function firstKeyInRange(from: number, to: number): Promise<string> {
    for (let index = 0; index < 1_000; index += 1) {
      const key = `failover-${index}`;
      const slot = Number(await client.cluster('KEYSLOT', key));
      if (slot >= from && slot <= to) return key;
    }
    throw new Error(`no key among 1000 falls in slots ${from}-${to}`);
  }
});

describe('a Redis Sentinel group on loopback', () => {
  let group: Awaited<ReturnType<typeof startRedisSentinelGroup>>;
  let client: Redis;

  beforeAll(async () => {
    group = await startRedisSentinelGroup();
    client = new Redis({ sentinels: addresses(group.sentinels), name: group.masterName });
    // While the sentinels still name the dead master, reconnecting fails and is retried.
    client.on('error', () => undefined);
  });

  afterAll(async () => {
    client?.disconnect();
    await group?.stop();
  });

  it('when the master is killed, then a sentinel-mode client writes to the promoted replica', async () => {
    await client.set('before', 'the failover');
    // Replication is asynchronous: the replica has the key before its master dies.
    expect(await client.wait(1, 5_000)).toBe(1);
    const { port: killed } = await group.killMaster();

    const promoted = await group.waitForFailover(killed);
    expect(promoted.port).not.toBe(killed);
    await client.set('after', 'the failover');
    const direct = new Redis({ host: promoted.host, port: promoted.port });
    try {
      expect(await direct.get('after')).toBe('the failover');
      expect(await direct.get('before')).toBe('the failover');
    } finally {
      direct.disconnect();
    }
    const attached = attachRedisSentinelGroup(group.sentinels, group.masterName);
    expect(await attached.currentMaster()).toEqual(promoted);
  });
});
