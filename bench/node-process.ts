/**
 * A Node process the benchmark runs and measures (an API, a worker, the naive server): spawned as
 * `node [nodeArgs] <entry>` for JavaScript that bench/build.ts compiled, as production runs it,
 * or as `node [nodeArgs] --import tsx <entry>`, the way `npm run api` and `npm run worker` run,
 * with an environment of its own, and ready once it prints its readiness log line. Its output is read
 * only until then: after that, parsing its logs would cost the benchmark's own CPU, which shares
 * the machine with what it measures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

export interface NodeProcessOptions {
  /** For messages: "api", "worker 2", ... */
  name: string;
  /** Path from the repository root. */
  entry: string;
  env: Record<string, string>;
  /** Node options before `--import tsx`, such as `--cpu-prof`. */
  nodeArgs?: string[];
  /** False for JavaScript already compiled (bench/build.ts): no `--import tsx`. */
  tsx?: boolean;
  /** Resolves `start` when a stdout line contains this text. */
  readyText: string;
  timeoutMs?: number;
  /** When set, everything the process prints is also written to this file. */
  logFile?: string;
}

export class NodeProcess {
  private readonly tail: string[] = [];
  readonly exited: Promise<number | null>;

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.stderr?.on('data', (chunk: Buffer) => this.keep(chunk.toString()));
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Spawns the process and resolves when it is ready; rejects, with its last output, if not. */
  static async start(options: NodeProcessOptions): Promise<NodeProcess> {
    const child = spawn(
      process.execPath,
      [
        ...(options.nodeArgs ?? []),
        ...(options.tsx === false ? [] : ['--import', 'tsx']),
        options.entry,
      ],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const running = new NodeProcess(options.name, child);
    if (options.logFile) {
      const log = createWriteStream(options.logFile);
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
    }
    await running.waitFor(options.readyText, options.timeoutMs ?? 30_000);
    return running;
  }

  private keep(text: string): void {
    this.tail.push(text);
    if (this.tail.length > 20) this.tail.shift();
  }

  private waitFor(text: string, timeoutMs: number): Promise<void> {
    const stdout = this.child.stdout;
    return new Promise((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(
        () => fail(new Error(`${this.name} was not ready within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        const part = chunk.toString();
        this.keep(part);
        seen = (seen + part).slice(-10_000);
        if (!seen.includes(text)) return;
        cleanup();
        // From now on the output is drained unread, so that the pipe never fills.
        stdout?.on('data', () => undefined);
        resolve();
      };
      const onExit = (code: number | null) =>
        fail(new Error(`${this.name} exited with ${code} before it was ready`));
      const fail = (error: Error) => {
        cleanup();
        reject(new Error(`${error.message}\n${this.describe()}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        stdout?.off('data', onData);
        this.child.off('exit', onExit);
      };
      stdout?.on('data', onData);
      this.child.once('exit', onExit);
    });
  }

  /** The last output lines, for error messages. */
  describe(): string {
    return this.tail.join('').split('\n').slice(-15).join('\n');
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  async stop(graceMs = 15_000): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.exited;
    const killer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    this.child.kill('SIGTERM');
    const code = await this.exited;
    clearTimeout(killer);
    return code;
  }
}
