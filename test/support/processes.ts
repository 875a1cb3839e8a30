/**
 * Runs real API and worker processes for end-to-end tests, the way `npm run api` and
 * `npm run worker` do, and keeps their log lines for assertions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../scripts/local-engines';

const ROOT = path.resolve(__dirname, '../..');
const ENTRY = { api: 'api/main.ts', worker: 'worker/main.ts' } as const;

export type LogLine = Record<string, unknown> & { msg?: string; level?: string };

export class RunningProcess {
  readonly lines: LogLine[] = [];
  readonly stderr: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly role: keyof typeof ENTRY,
    readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      for (const text of complete) {
        if (!text.trim()) continue;
        try {
          this.lines.push(JSON.parse(text) as LogLine);
        } catch {
          this.lines.push({ msg: text, unparsed: true });
        }
      }
      this.listeners.forEach((notify) => notify());
    });
    child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Resolves with the first log line that matches, waiting for it up to `timeoutMs`. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs = 20_000): Promise<LogLine> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.lines.find(match);
        if (!found) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `${this.role}: no matching log line within ${timeoutMs} ms.\n${this.describe()}`,
          ),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  /** Sends `signal` and resolves with the exit code. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }

  describe(): string {
    const tail = this.lines.slice(-15).map((line) => JSON.stringify(line));
    return [...tail, ...this.stderr.slice(-5)].join('\n');
  }
}

export async function startProcess(
  role: keyof typeof ENTRY,
  env: Record<string, string>,
  options: { waitReady?: boolean } = {},
): Promise<RunningProcess> {
  // An explicit PORT in `env` wins over the free port chosen here.
  const port = role === 'api' ? (env.PORT ?? String(await freePort())) : '';
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY[role]], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...(port ? { PORT: port } : {}),
      // Several workers run at once here: none takes the fixed metrics port unless a test asks.
      ...(role === 'worker' ? { WORKER_METRICS_PORT: '0' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = new RunningProcess(role, child, port ? `http://127.0.0.1:${port}` : '');
  if (options.waitReady ?? true) {
    const readyMessage = role === 'api' ? 'api listening' : 'worker ready';
    await Promise.race([
      running.waitForLog((line) => line.msg === readyMessage),
      running.exited.then((code) => {
        throw new Error(`${role} exited with ${code} before it was ready.\n${running.describe()}`);
      }),
    ]);
  }
  return running;
}
