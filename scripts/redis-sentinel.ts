/**
 * A Redis Sentinel group on loopback for the tests and the bench: one master, one replica and
 * three redis-sentinel processes on free ports, their configuration and data in a temporary
 * directory removed at stop. Failover takes a few seconds: a master is down after 1 s of silence.
 * Its control (currentMaster, killMaster, waitForFailover) only needs the sentinels' ports.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitUntil } from './processes/wait-until';
import { askNode, distinctFreePorts, killNodeOnPort, RedisNode } from './redis-nodes';

const SENTINELS = 3;

interface Address {
  host: string;
  port: number;
}

interface RunningRedisSentinelGroup {
  /** `127.0.0.1:S1,127.0.0.1:S2,127.0.0.1:S3`: the form of REDIS_SENTINELS. */
  sentinels: string;
  /** REDIS_SENTINEL_MASTER. */
  masterName: string;
  /** The master as the first sentinel that answers names it. */
  currentMaster(): Promise<Address>;
  /** SIGKILLs the current master. */
  killMaster(): Promise<{ port: number }>;
  /** Until every sentinel names a master other than `oldPort`, and that node says it is master. */
  waitForFailover(oldPort: number, timeoutMs?: number): Promise<Address>;
  stop(): Promise<void>;
}

const serverArgs = (port: number, dir: string) => [
  ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
  ...['--logfile', path.join(dir, 'redis.log'), '--save', '', '--appendonly', 'no'],
  // The replica's first sync starts at once, not after the default 5 s wait for more replicas.
  ...['--maxmemory-policy', 'noeviction', '--repl-diskless-sync-delay', '0'],
];

function sentinelConfig(port: number, dir: string, masterName: string, masterPort: number) {
  return [
    `port ${port}`,
    'bind 127.0.0.1',
    `dir ${dir}`,
    `logfile ${path.join(dir, 'sentinel.log')}`,
    'sentinel resolve-hostnames no',
    `sentinel monitor ${masterName} 127.0.0.1 ${masterPort} 2`,
    `sentinel down-after-milliseconds ${masterName} 1000`,
    // Also how long before a failover that did not complete is tried again by another sentinel.
    `sentinel failover-timeout ${masterName} 5000`,
    '',
  ].join('\n');
}

/** SENTINEL MASTER's flat list of names and values, as an object. */
function fieldsOf(reply: unknown): Record<string, string> {
  const list = Array.isArray(reply) ? (reply as string[]) : [];
  const entries = list.flatMap((name, index) => (index % 2 ? [] : [[name, list[index + 1]]]));
  return Object.fromEntries(entries) as Record<string, string>;
}

async function masterNamedBy(port: number, masterName: string): Promise<Address | undefined> {
  const reply = await askNode(port, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', masterName);
  if (!Array.isArray(reply)) return undefined;
  const [host, masterPort] = reply as [string, string];
  return { host, port: Number(masterPort) };
}

type SentinelControl = Pick<
  RunningRedisSentinelGroup,
  'currentMaster' | 'killMaster' | 'waitForFailover'
>;

function sentinelControl(sentinelPorts: number[], masterName: string): SentinelControl {
  const namedByAll = () =>
    Promise.all(sentinelPorts.map((port) => masterNamedBy(port, masterName)));
  const control: SentinelControl = {
    async currentMaster() {
      const named = (await namedByAll()).find((address) => address !== undefined);
      if (!named) throw new Error(`no sentinel answers (ports ${sentinelPorts.join(', ')})`);
      return named;
    },
    async killMaster() {
      const { port } = await control.currentMaster();
      await killNodeOnPort(port);
      return { port };
    },
    async waitForFailover(oldPort, timeoutMs = 30_000) {
      const { named } = await waitUntil(
        async () => {
          const named = await namedByAll();
          const agreed = named.every((address) => address?.port === named[0]?.port);
          const port = agreed ? named[0]?.port : undefined;
          const role = port && port !== oldPort ? await askNode(port, 'ROLE') : undefined;
          return { named, role };
        },
        ({ role }) => Array.isArray(role) && role[0] === 'master',
        { what: `the sentinels to name a master other than ${oldPort}`, timeoutMs },
      );
      return named[0]!;
    },
  };
  return control;
}

/** A Sentinel group some other process started, from REDIS_SENTINELS and REDIS_SENTINEL_MASTER. */
export function attachRedisSentinelGroup(sentinels: string, masterName: string): SentinelControl {
  const ports = sentinels.split(',').map((address) => Number(address.split(':')[1]));
  return sentinelControl(ports, masterName);
}

/** Until each sentinel knows the replica and the two other sentinels: then a failover can run. */
async function waitForSentinelsToMeet(sentinelPorts: number[], masterName: string) {
  await waitUntil(
    () =>
      Promise.all(
        sentinelPorts.map(async (port) =>
          fieldsOf(await askNode(port, 'SENTINEL', 'MASTER', masterName)),
        ),
      ),
    (views) =>
      views.every(
        (view) =>
          Number(view['num-slaves']) >= 1 &&
          Number(view['num-other-sentinels']) === sentinelPorts.length - 1,
      ),
    { what: 'the sentinels to find the replica and each other', timeoutMs: 30_000 },
  );
}

export async function startRedisSentinelGroup(
  options: { masterName?: string } = {},
): Promise<RunningRedisSentinelGroup> {
  const masterName = options.masterName ?? 'funnel-sync';
  const dir = mkdtempSync(path.join(tmpdir(), 'funnel-sync-redis-sentinel-'));
  const nodes: RedisNode[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    rmSync(dir, { recursive: true, force: true });
  };
  const dirOf = (port: number) => {
    mkdirSync(path.join(dir, String(port)));
    return path.join(dir, String(port));
  };
  try {
    const [masterPort, replicaPort, ...sentinelPorts] = await distinctFreePorts(2 + SENTINELS);
    for (const [port, extra] of [
      [masterPort!, []],
      [replicaPort!, ['--replicaof', '127.0.0.1', String(masterPort)]],
    ] as const) {
      const nodeDir = dirOf(port);
      const args = [...serverArgs(port, nodeDir), ...extra];
      const name = `sentinel group's redis 127.0.0.1:${port}`;
      const logFile = path.join(nodeDir, 'redis.log');
      nodes.push(await RedisNode.start({ name, port, command: 'redis-server', args, logFile }));
    }
    // Sentinels learn the replicas from the master's INFO, which they ask for at once, then
    // every 10 s: the replica must be connected before they start.
    await waitUntil(
      () => askNode(replicaPort!, 'ROLE'),
      (role) => Array.isArray(role) && role[3] === 'connected',
      { what: `the replica ${replicaPort} to follow the master ${masterPort}` },
    );
    for (const port of sentinelPorts) {
      const sentinelDir = dirOf(port);
      const config = path.join(sentinelDir, 'sentinel.conf');
      writeFileSync(config, sentinelConfig(port, sentinelDir, masterName, masterPort!));
      const name = `sentinel 127.0.0.1:${port}`;
      const logFile = path.join(sentinelDir, 'sentinel.log');
      nodes.push(
        await RedisNode.start({ name, port, command: 'redis-sentinel', args: [config], logFile }),
      );
    }
    await waitForSentinelsToMeet(sentinelPorts, masterName);
    const sentinels = sentinelPorts.map((port) => `127.0.0.1:${port}`).join(',');
    return { ...sentinelControl(sentinelPorts, masterName), sentinels, masterName, stop };
  } catch (error) {
    const logs = nodes.map((node) => `--- ${node.name}:\n${node.lastLogLines(8)}`).join('\n');
    await stop();
    throw new Error(`${(error as Error).message}\n${logs}`, { cause: error });
  }
}
