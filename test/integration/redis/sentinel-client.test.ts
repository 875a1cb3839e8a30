/**
 * The service's Sentinel-mode connection (core/redis/sentinel-client.ts) through the failover
 * ioredis cannot come back from alone: the primary dies, the client asks a sentinel where the
 * primary is now, and Sentinel announces the promotion before that question is answered. ioredis
 * then drops the attempt and ends the client for good. A relay in front of one sentinel holds the
 * question until the announcement has been received, so the moment is not left to chance.
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { startRedisSentinelGroup } from '../../../scripts/redis-sentinel';
import { createRedis } from '../../../core/redis/redis-connection';
import { parseNodeList } from '../../../core/platform/redis-topology';
import { waitUntil } from '../../support/wait-until';

/** A TCP relay to a local port that can hold new connections unanswered until released. */
async function startRelay(targetPort: number) {
  const relayed = new Set<Socket>();
  const held: Socket[] = [];
  let holding = false;
  const relay = (client: Socket) => {
    const upstream = connect(targetPort, '127.0.0.1');
    relayed.add(client);
    const drop = () => {
      relayed.delete(client);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) socket.on('close', drop).on('error', drop);
    client.pipe(upstream).pipe(client);
  };
  const server = createServer((client) => (holding ? held.push(client) : relay(client)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    relayedCount: () => relayed.size,
    heldCount: () => held.length,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      held.splice(0).forEach(relay);
    },
    close: async () => {
      [...relayed, ...held].forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a Sentinel-mode connection of the service', () => {
  let group: Awaited<ReturnType<typeof startRedisSentinelGroup>>;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let clients: Redis[] = [];

  beforeAll(async () => {
    group = await startRedisSentinelGroup();
    relay = await startRelay(parseNodeList(group.sentinels)?.[0]?.port ?? 0);
  });

  afterAll(async () => {
    clients.forEach((client) => client.disconnect());
    await relay?.close();
    await group?.stop();
  });

  it('when the promotion is announced while it asks where the primary is, then it connects to the promoted primary, and so does its duplicate', async () => {
    const topology = {
      kind: 'sentinel' as const,
      sentinels: [{ host: '127.0.0.1', port: relay.port }],
      masterName: group.masterName,
    };
    const client = createRedis(topology, 'command', 'sentinel-client-test') as Redis;
    clients = [client, client.duplicate()];
    const ended = clients.map(() => 0);
    clients.forEach((each, index) => {
      each.on('error', () => undefined);
      each.on('end', () => (ended[index] = (ended[index] ?? 0) + 1));
    });
    const statuses = () => clients.map((each) => each.status);
    await waitUntil(statuses, (all) => all.every((status) => status === 'ready'), {
      what: 'both clients ready',
    });
    // Each client listens for announcements on every sentinel, one of them through the relay.
    await waitUntil(relay.relayedCount, (count) => count === clients.length, {
      what: 'the failover listeners subscribed through the relay',
    });

    relay.hold();
    const { port: killed } = await group.killMaster();
    // Reconnecting, each client asks the relayed sentinel first, and waits for its answer.
    await waitUntil(relay.heldCount, (count) => count >= clients.length, {
      what: 'both clients asking where the primary is',
    });
    const promoted = await group.waitForFailover(killed);
    // On the announcement each client drops its listeners, the relayed one among them.
    await waitUntil(relay.relayedCount, (count) => count === 0, {
      what: 'both clients told of the promotion',
    });
    relay.release();

    await waitUntil(statuses, (all) => all.every((status) => status === 'ready'), {
      what: 'both clients ready again',
      timeoutMs: 15_000,
    });
    // ioredis ended each of them once: the case this connection exists for.
    expect(ended).toEqual([1, 1]);
    await Promise.all(clients.map((each, n) => each.set(`after-${n}`, 'the failover')));
    const direct = new Redis({ host: promoted.host, port: promoted.port });
    try {
      expect(await direct.mget('after-0', 'after-1')).toEqual(['the failover', 'the failover']);
    } finally {
      direct.disconnect();
    }
  });
});
