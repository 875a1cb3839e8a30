/**
 * A Redis Cluster on loopback for the tests and the bench: masters and replicas as redis-server
 * processes on free ports, joined by `redis-cli --cluster create`, with their data in a temporary
 * directory removed at stop. Its control (masters, killMaster, waitForHealthy) only needs the
 * nodes' ports, so another process can attach to a running cluster and disturb it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { waitUntil } from './processes/wait-until';
import {
  clusterInfo,
  describeSurvey,
  isHealthy,
  survey,
  type ClusterMaster,
} from './redis-cluster-survey';
import { askNode, distinctFreePorts, killNodeOnPort, redisBinary, RedisNode } from './redis-nodes';

// How long a silent node takes to be marked failed: a replica takes over a few seconds after its
// master dies, yet a node busy on a shared 2-core machine is not failed over by mistake.
const NODE_TIMEOUT_MS = 2_000;

interface RedisClusterControl {
  /** The masters as a live node sees them, in the order of their first slot. */
  masters(): Promise<ClusterMaster[]>;
  /** SIGKILLs a current master: `target` is an index into masters() or a port. */
  killMaster(target?: number): Promise<{ port: number }>;
  /** Until every node that answers is `cluster_state:ok` and agrees that live masters serve every slot. */
  waitForHealthy(timeoutMs?: number): Promise<void>;
}

interface RunningRedisCluster extends RedisClusterControl {
  /** `127.0.0.1:P1,127.0.0.1:P2,...`: the form of REDIS_CLUSTER_NODES. */
  nodes: string;
  /** Starts a stopped node again, with its data; a replaced master comes back as a replica. */
  restartNode(port: number): Promise<void>;
  stop(): Promise<void>;
}

function clusterControl(ports: number[]): RedisClusterControl {
  const control: RedisClusterControl = {
    async masters() {
      const [view] = await survey(ports);
      if (!view) throw new Error(`no node of the cluster answers (ports ${ports.join(', ')})`);
      return view.masters;
    },
    async killMaster(target = 0) {
      const masters = await control.masters();
      const master = masters[target] ?? masters.find((candidate) => candidate.port === target);
      if (!master) throw new Error(`no current master ${target} among ${JSON.stringify(masters)}`);
      await killNodeOnPort(master.port);
      return { port: master.port };
    },
    async waitForHealthy(timeoutMs = 30_000) {
      await waitUntil(() => survey(ports), isHealthy, {
        what: 'the cluster to be healthy',
        timeoutMs,
        everyMs: 200,
        describe: describeSurvey,
      });
    },
  };
  return control;
}

/** A cluster some other process started, from its REDIS_CLUSTER_NODES (every node listed). */
export function attachRedisCluster(nodes: string): RedisClusterControl {
  return clusterControl(nodes.split(',').map((address) => Number(address.split(':')[1])));
}

function nodeArgs(port: number, busPort: number, dir: string): string[] {
  const options: Record<string, string> = {
    port: String(port),
    'cluster-port': String(busPort),
    bind: '127.0.0.1',
    dir,
    logfile: path.join(dir, 'redis.log'),
    'cluster-enabled': 'yes',
    'cluster-config-file': 'nodes.conf',
    'cluster-node-timeout': String(NODE_TIMEOUT_MS),
    // A replica takes over however long it was cut off: losing its master is the point here.
    'cluster-replica-validity-factor': '0',
    'maxmemory-policy': 'noeviction',
    appendonly: 'yes',
    // A replica's first sync starts at once, not after the default 5 s wait for more replicas.
    'repl-diskless-sync-delay': '0',
    save: '',
  };
  return Object.entries(options).flatMap(([name, value]) => [`--${name}`, value]);
}

async function createCluster(ports: number[], replicasPerMaster: number): Promise<void> {
  const addresses = ports.map((port) => `127.0.0.1:${port}`);
  const args = [
    '--cluster',
    'create',
    ...addresses,
    '--cluster-replicas',
    String(replicasPerMaster),
  ];
  try {
    await promisify(execFile)(redisBinary('redis-cli'), [...args, '--cluster-yes'], {
      timeout: 60_000,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`redis-cli --cluster create failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}

/** Until every node knows every other, and every master has its replicas connected. */
async function waitForFullyJoined(control: RedisClusterControl, ports: number[], replicas: number) {
  await waitUntil(
    async () => {
      const known = await Promise.all(ports.map((port) => askNode(port, 'CLUSTER', 'INFO')));
      const masters = await control.masters();
      const roles = await Promise.all(masters.map((master) => askNode(master.port, 'ROLE')));
      return { known: known.map((info) => clusterInfo(info).cluster_known_nodes), roles };
    },
    ({ known, roles }) =>
      known.every((count) => Number(count) === ports.length) &&
      roles.every((role) => Array.isArray(role) && (role[2] as unknown[]).length === replicas),
    {
      what: 'every node to know the others and every replica to follow its master',
      timeoutMs: 30_000,
    },
  );
}

export async function startRedisCluster(
  options: { masters?: number; replicasPerMaster?: number } = {},
): Promise<RunningRedisCluster> {
  const { masters = 3, replicasPerMaster = 1 } = options;
  const count = masters * (1 + replicasPerMaster);
  const dir = mkdtempSync(path.join(tmpdir(), 'funnel-sync-redis-cluster-'));
  const nodes: RedisNode[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Explicit bus ports: the default, port + 10000, may be taken or beyond 65535.
    const allPorts = await distinctFreePorts(2 * count);
    const ports = allPorts.slice(0, count);
    for (const [index, port] of ports.entries()) {
      const nodeDir = path.join(dir, String(port));
      mkdirSync(nodeDir);
      const args = nodeArgs(port, allPorts[count + index]!, nodeDir);
      const logFile = path.join(nodeDir, 'redis.log');
      const name = `cluster node 127.0.0.1:${port}`;
      nodes.push(await RedisNode.start({ name, port, command: 'redis-server', args, logFile }));
    }
    await createCluster(ports, replicasPerMaster);
    const control = clusterControl(ports);
    await control.waitForHealthy();
    await waitForFullyJoined(control, ports, replicasPerMaster);
    const restartNode = async (port: number) => {
      const node = nodes.find((candidate) => candidate.port === port);
      if (!node) throw new Error(`no node of this cluster on port ${port}`);
      await node.restart();
    };
    const nodesList = ports.map((port) => `127.0.0.1:${port}`).join(',');
    return { ...control, nodes: nodesList, restartNode, stop };
  } catch (error) {
    const logs = nodes.map((node) => `--- ${node.name}:\n${node.lastLogLines(8)}`).join('\n');
    await stop();
    throw new Error(`${(error as Error).message}\n${logs}`, { cause: error });
  }
}
