/**
 * What the push tests share: the pipeline (an API and a worker on the real engines), a temp
 * directory for the sender's files, and `funnel-sync push` run in this process (runSenderCli) or as a
 * process of its own, for a test that kills it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runSenderCli } from '../../../packages/sender/src/sender-cli';
import type { HistoryView } from '../../../core/history/history-record';
import type { ApiConfig } from '../../../core/platform/config';
import { typedApi } from '../../support/typed-api';
import { startPipeline, type Pipeline } from '../pipeline/pipeline-fixture';

const ROOT = path.resolve(__dirname, '../../..');

interface PushResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface PushTarget {
  /** The funnel's endpoint URL. */
  funnel: string;
  /** The API's origin, or a proxy's in front of it. */
  base: string;
  token: string;
}

type HistoryEntry = Omit<HistoryView, 'payload'>;

export interface PushFixture {
  p: Pipeline;
  /** A fresh temp directory, removed on close. */
  dir: string;
  file(name: string): string;
  /** `push <file> --funnel --url --token` and `extra`, in this process. */
  push(file: string | undefined, target: PushTarget, ...extra: string[]): Promise<PushResult>;
  /** The same as a process of its own, which a test may kill. */
  spawnPush(file: string, target: PushTarget, ...extra: string[]): SpawnedPush;
  /** Every history entry of a funnel, newest first. */
  historyOf(funnel: string): Promise<HistoryEntry[]>;
  /** Stored items of a content type, counted in MongoDB. */
  countItems(contentType: string): Promise<number>;
  close(): Promise<void>;
}

interface SpawnedPush {
  child: ChildProcess;
  output(): PushResult;
  exited: Promise<PushResult>;
}

/** `file` undefined: no rows to send (`--delete` alone). */
const pushArgs = (
  file: string | undefined,
  { funnel, base, token }: PushTarget,
  extra: string[],
) => [
  'push',
  ...(file === undefined ? [] : [file]),
  '--funnel',
  funnel,
  '--url',
  base,
  '--token',
  token,
  ...extra,
];

export async function startPushFixture(
  label: string,
  overrides: Partial<Record<keyof ApiConfig, string>> = {},
): Promise<PushFixture> {
  const p = await startPipeline(label, overrides);
  const dir = await mkdtemp(path.join(tmpdir(), `push-${label}-`));
  return {
    p,
    dir,
    file: (name) => path.join(dir, name),
    async push(file, target, ...extra) {
      let stdout = '';
      let stderr = '';
      const code = await runSenderCli(pushArgs(file, target, extra), {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
        // Only what a sender's shell would hold: no engine settings of the test run leak in.
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      });
      return { code, stdout, stderr };
    },
    spawnPush(file, target, ...extra) {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'packages/sender/src/main.ts', ...pushArgs(file, target, extra)],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const output = () => ({ code: child.exitCode, stdout, stderr });
      const exited = new Promise<PushResult>((resolve) =>
        child.once('close', (code) => resolve({ code, stdout, stderr })),
      );
      return { child, output, exited };
    },
    async historyOf(funnel) {
      const client = typedApi(p.api.baseUrl, p.token);
      const entries: HistoryEntry[] = [];
      let cursor: string | null = null;
      do {
        const query: { limit: number; cursor?: string } = cursor
          ? { limit: 100, cursor }
          : { limit: 100 };
        const { data, response } = await client.GET('/api/v1/funnels/{endpointUrl}/history', {
          params: { path: { endpointUrl: funnel }, query },
        });
        if (!data) throw new Error(`history of ${funnel}: ${response.status}`);
        entries.push(...(data.items as HistoryEntry[]));
        cursor = data.nextCursor;
      } while (cursor !== null);
      return entries;
    },
    countItems: (contentType) =>
      p.api.context.db.items.countDocuments({ tenant: 'acme', contentType }),
    async close() {
      await rm(dir, { recursive: true, force: true });
      await p.close();
    },
  };
}

/** The push's target on the pipeline's API (or on `base`, a proxy in front of it). */
export function targetOf(p: Pipeline, funnel: string, base = p.api.baseUrl): PushTarget {
  return { funnel, base, token: p.token };
}
