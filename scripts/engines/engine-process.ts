/**
 * What every local engine's start shares: a free loopback port, a program found on PATH, a child
 * process that is ready once its port accepts connections, and its stop.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer, connect } from 'node:net';

export interface RunningEngine {
  readonly name: string;
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** Asks the kernel for a port that is free right now on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export function which(command: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  const located = found.stdout.trim();
  return found.status === 0 && located ? located : undefined;
}

export async function waitForPort(
  port: number,
  child: ChildProcess,
  name: string,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not listen on port ${port} within ${timeoutMs} ms`);
}

/** Sends `signal`, then SIGKILL if the process is still there after 10 s; resolves once it exited. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill(signal);
  });
}

/** A child process whose last 2,000 characters of stderr are kept, for the error when it fails. */
export function spawnKeepingStderr(command: string, args: string[], options: SpawnOptions = {}) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  return { child, stderr: () => stderr };
}

export async function launch(
  name: string,
  command: string,
  args: string[],
  port: number,
  url: string,
): Promise<RunningEngine> {
  const { child, stderr } = spawnKeepingStderr(command, args);
  try {
    await waitForPort(port, child, name);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}\n${stderr()}`, { cause: error });
  }
  return { name, url, port, stop: () => stopChild(child) };
}
