/**
 * A Node process started from this repository (an API, a worker, the bench's naive server): spawned
 * as `node [nodeArgs] [--import tsx] <entry>`, its stdout read as pino's JSON lines, ready once a
 * line with the expected `msg` appears (and, when given, once a readiness URL answers 200), and
 * stopped with SIGTERM, then SIGKILL after a bound.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { waitUntil } from './wait-until';

const REPO_ROOT = path.resolve(__dirname, '../..');

export type LogLine = Record<string, unknown> & { msg?: string; level?: string };

export interface LaunchOptions {
  /** For messages: "api", "worker 2", ... */
  name: string;
  /** Path from the repository root. */
  entry: string;
  /** False for JavaScript already compiled: no `--import tsx`. */
  tsx: boolean;
  /** The process's whole environment but PATH and HOME, which it inherits. */
  env: Record<string, string | undefined>;
  /** Node options before the entry, such as `--cpu-prof`. */
  nodeArgs?: string[];
  /** The URL it serves, if any, kept as `baseUrl`. */
  baseUrl?: string;
  /** Ready once a stdout line parsed as JSON has this `msg`; undefined: do not wait. */
  readyMessage?: string;
  /** Also ready only once a GET of this URL answers 200. */
  readyUrl?: string;
  /** Bound on getting ready; default 60 s. */
  readyTimeoutMs?: number;
  /**
   * `all` keeps every log line (tests look at them); `until-ready` stops reading once ready, so
   * that parsing logs does not cost CPU beside what a benchmark measures.
   */
  keepLines?: 'all' | 'until-ready';
  /** Also write everything the process prints to this file. */
  logFile?: string;
  /** Also copy its output to this process's stdout and stderr. */
  forward?: boolean;
}

/** How long stop() waits after SIGTERM before it sends SIGKILL. */
const STOP_GRACE_MS = 15_000;

export class LaunchedProcess {
  readonly lines: LogLine[] = [];
  readonly stderr: string[] = [];
  /** Resolves with the exit code; null when a signal ended the process. */
  readonly exited: Promise<number | null>;
  private readonly listeners = new Set<() => void>();
  private readingLines = true;
  private partial = '';

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly baseUrl: string,
    private readonly keep: 'all' | 'until-ready',
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdout?.on('data', this.onStdout);
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr.push(chunk.toString());
      if (this.keep === 'until-ready' && this.stderr.length > 20) this.stderr.shift();
    });
  }

  static async launch(options: LaunchOptions): Promise<LaunchedProcess> {
    const child = spawn(
      process.execPath,
      [...(options.nodeArgs ?? []), ...(options.tsx ? ['--import', 'tsx'] : []), options.entry],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const launched = new LaunchedProcess(
      options.name,
      child,
      options.baseUrl ?? '',
      options.keepLines ?? 'all',
    );
    if (options.logFile) {
      const log = createWriteStream(options.logFile, { flags: 'a' });
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
    }
    if (options.forward) {
      child.stdout?.pipe(process.stdout, { end: false });
      child.stderr?.pipe(process.stderr, { end: false });
    }
    if (options.readyMessage !== undefined) {
      try {
        await launched.ready(options);
      } catch (error) {
        await launched.stop('SIGKILL');
        throw error;
      }
    }
    if (launched.keep === 'until-ready') launched.stopReadingLines();
    return launched;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private async ready(options: LaunchOptions): Promise<void> {
    const timeoutMs = options.readyTimeoutMs ?? 60_000;
    const deadline = Date.now() + timeoutMs;
    const died = this.exited.then((code) => {
      throw new Error(`${this.name} exited with ${code} before it was ready.\n${this.describe()}`);
    });
    // Not a failure on its own if readiness wins the race.
    died.catch(() => undefined);
    await Promise.race([
      this.waitForLog((line) => line.msg === options.readyMessage, timeoutMs),
      died,
    ]);
    const url = options.readyUrl;
    if (!url) return;
    await Promise.race([
      waitUntil(
        () =>
          fetch(url).then(
            (response) => response.status,
            () => 0,
          ),
        (status) => status === 200,
        {
          what: `${this.name}: ${url} to answer 200`,
          timeoutMs: Math.max(1, deadline - Date.now()),
          everyMs: 200,
          describe: (status) => `${status}\n${this.describe()}`,
        },
      ),
      died,
    ]);
  }

  private readonly onStdout = (chunk: Buffer): void => {
    if (!this.readingLines) return;
    const complete = (this.partial + chunk.toString()).split('\n');
    this.partial = complete.pop() ?? '';
    for (const text of complete) {
      if (!text.trim()) continue;
      try {
        this.lines.push(JSON.parse(text) as LogLine);
      } catch {
        this.lines.push({ msg: text, unparsed: true });
      }
    }
    if (this.keep === 'until-ready' && this.lines.length > 50) this.lines.splice(0, 25);
    this.listeners.forEach((notify) => notify());
  };

  /** From now on the output is drained unread, so that the pipe never fills. */
  private stopReadingLines(): void {
    this.readingLines = false;
    this.child.stdout?.off('data', this.onStdout);
    this.child.stdout?.on('data', () => undefined);
  }

  /** Resolves with the first log line that matches, waiting for it up to `timeoutMs`. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs = 20_000): Promise<LogLine> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.lines.find(match);
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `${this.name}: no matching log line within ${timeoutMs} ms.\n${this.describe()}`,
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

  /**
   * Sends `signal` and resolves with the exit code (null when a signal ended it). After SIGTERM,
   * a process still running `graceMs` later gets SIGKILL.
   */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = STOP_GRACE_MS): Promise<number | null> {
    if (!this.running) return this.exited;
    this.child.kill(signal);
    if (signal !== 'SIGTERM') return this.exited;
    const killer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    const code = await this.exited;
    clearTimeout(killer);
    return code;
  }

  /** The last log lines and stderr output, for error messages. */
  describe(): string {
    const tail = this.lines.slice(-15).map((line) => JSON.stringify(line));
    return [...tail, ...this.stderr.slice(-5)].join('\n');
  }
}
