/**
 * The processes of a multi-node Redis topology on loopback (scripts/redis-cluster.ts,
 * scripts/redis-sentinel.ts): one redis-server or redis-sentinel per port, with a log file of its
 * own, restartable with the same arguments, SIGKILLed when this process exits. Also the one-shot
 * question the topologies ask a node, and the SIGKILL of a node found by its port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePort, waitForPort, which } from './engines/engine-process';
import { waitUntil } from './processes/wait-until';

const INSTALL_HELP =
  'Run `npm run engines:install` (Debian: redis-server, redis-tools, redis-sentinel).';

/** The path of `command`, or an error saying how to install it. */
export function redisBinary(command: RedisCommand | 'redis-cli'): string {
  const found = which(command);
  if (!found) throw new Error(`${command} is missing. ${INSTALL_HELP}`);
  return found;
}

/** `count` ports free right now, all different. */
export async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

type RedisCommand = 'redis-server' | 'redis-sentinel';

const children = new Set<ChildProcess>();
// A test run that ends without stop() (a crash, a forgotten stop) must not leave nodes behind.
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

export class RedisNode {
  private child!: ChildProcess;
  private stderr = '';

  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly command: RedisCommand,
    private readonly args: string[],
    private readonly logFile: string,
  ) {}

  /** Starts `command args` and waits until its port accepts connections. */
  static async start(options: {
    name: string;
    port: number;
    command: RedisCommand;
    args: string[];
    logFile: string;
  }): Promise<RedisNode> {
    const { name, port, command, args, logFile } = options;
    const node = new RedisNode(name, port, command, args, logFile);
    await node.launch();
    return node;
  }

  /** Starts it again with the same arguments, so a cluster node finds its nodes.conf and data. */
  async restart(): Promise<void> {
    // Killed from elsewhere (killNodeOnPort), its exit may not have reached us yet.
    await waitUntil(
      () => this.running,
      (running) => !running,
      { what: `${this.name} to be stopped before its restart`, timeoutMs: 5_000, everyMs: 50 },
    );
    await this.launch();
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  async kill(): Promise<void> {
    if (!this.running) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }

  /** The end of its log file and of its stderr, for an error message. */
  lastLogLines(count = 15): string {
    const log = existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
    const lines = `${log}\n${this.stderr}`.split('\n').filter((line) => line.trim());
    return lines.slice(-count).join('\n');
  }

  private async launch(): Promise<void> {
    this.stderr = '';
    this.child = spawn(redisBinary(this.command), this.args, {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const child = this.child;
    children.add(child);
    child.once('exit', () => children.delete(child));
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-2_000);
    });
    try {
      await waitForPort(this.port, child, this.name);
    } catch (error) {
      await this.kill();
      throw new Error(`${(error as Error).message}; its last log lines:\n${this.lastLogLines()}`, {
        cause: error,
      });
    }
  }
}

/** Sends one command to the node on `port`; undefined when it does not answer. */
export async function askNode(port: number, ...command: [string, ...string[]]) {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    connectTimeout: 1_000,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.call(...command);
  } catch {
    return undefined;
  } finally {
    client.disconnect();
  }
}

/**
 * SIGKILLs the Redis process that serves `port` on this machine, whoever started it (a fault test
 * kills what the jest set-up started), and waits until the port no longer answers. The node names
 * its own process; that process must be a local redis on that port, never some other one.
 */
export async function killNodeOnPort(port: number): Promise<void> {
  const info = await askNode(port, 'INFO', 'server');
  const pid = Number(/process_id:(\d+)/.exec(String(info))?.[1]);
  if (!pid) throw new Error(`127.0.0.1:${port} does not answer INFO: nothing to kill`);
  const cmdline = existsSync(`/proc/${pid}/cmdline`)
    ? readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
    : '';
  if (!/redis/.test(cmdline) || !cmdline.includes(String(port))) {
    throw new Error(`127.0.0.1:${port} names process ${pid} (${cmdline}), not a local redis on it`);
  }
  process.kill(pid, 'SIGKILL');
  await waitUntil(
    () => askNode(port, 'PING'),
    (answer) => answer === undefined,
    { what: `127.0.0.1:${port} to stop answering after SIGKILL`, timeoutMs: 10_000 },
  );
}
