/**
 * The API and the worker build no index: they check that every index of the service is there
 * with its key and options, and otherwise refuse to start with one line that says what is wrong
 * and which command makes them (docs/operations.md#indexes).
 */
import type { Connection } from 'mongoose';
import { runCli } from '../../../admin/run-cli';
import { connectMongo } from '../../../core/mongo/connection';
import { collections } from '../../../core/storage/collections';
import { SERVICE_INDEXES } from '../../../core/storage/indexes';
import { startProcess, type LogLine, type RunningProcess } from '../../support/processes';
import { isolatedEnv, type IsolatedEnv } from '../../support/test-env';

async function indexesCreate(env: IsolatedEnv): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const code = await runCli(['indexes', 'create'], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => true },
    env: { ...env },
  });
  return { code, stdout };
}

/** The one line a process that refused to start wrote. */
async function refusal(process: RunningProcess): Promise<LogLine> {
  expect(await process.exited).toBe(1);
  const failures = process.lines.filter((line) => line.level === 'fatal');
  expect(failures).toHaveLength(1);
  return failures[0] as LogLine;
}

describe('start-up and the service’s indexes', () => {
  let env: IsolatedEnv;
  let mongo: Connection;

  beforeAll(async () => {
    env = isolatedEnv('startup-indexes');
    mongo = await connectMongo(env.MONGO_URL, 'test');
  });
  afterAll(async () => {
    await mongo.dropDatabase().catch(() => undefined);
    await mongo.close();
  });

  it('when the database holds none of the indexes, then the API refuses to start in one line naming the command', async () => {
    const api = await startProcess('api', env, { waitReady: false });
    const line = await refusal(api);
    expect(line.msg).toBe('api failed to start');
    expect(line.reason).toBe(
      `MongoDB holds none of the service's ${SERVICE_INDEXES.length} indexes; create them with: ` +
        'npm run cli -- indexes create (in the image: node dist/admin/main.js indexes create)',
    );
    expect(api.lines.some((entry) => entry.msg === 'api listening')).toBe(false);
  });

  it('when the database holds none of the indexes, then the command line’s bootstrap refuses with exit 5 naming the command', async () => {
    let stderr = '';
    const code = await runCli(['bootstrap', '--tenant', 'acme', '--email', 'owner@acme.test'], {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      env: { ...env },
    });
    expect(code).toBe(5);
    expect(stderr).toMatch(
      /^error: MongoDB holds none of the service's \d+ indexes; create them with: npm run cli -- indexes create .*\n$/,
    );
    expect(await collections(mongo).tenants.countDocuments({})).toBe(0);
  });

  it('when the index command runs, then it prints each index it created, and run again creates none', async () => {
    const first = await indexesCreate(env);
    expect(first.code).toBe(0);
    const created = first.stdout.split('\n').filter((text) => text.startsWith('created  '));
    expect(created).toHaveLength(SERVICE_INDEXES.length);
    expect(created).toContain('created  history_parts.tenant_record_part');
    expect(first.stdout).toContain(`${SERVICE_INDEXES.length} created, 0 already there`);
    const again = await indexesCreate(env);
    expect(again).toEqual({
      code: 0,
      stdout: `0 created, ${SERVICE_INDEXES.length} already there\n`,
    });
  });

  it('when one index is missing, then the worker refuses to start naming it', async () => {
    const db = collections(mongo);
    await db.items.dropIndex('tenant_content_type_funnel');
    try {
      const worker = await startProcess(
        'worker',
        { ...env, WORKER_METRICS_PORT: '0' },
        { waitReady: false },
      );
      const line = await refusal(worker);
      expect(line.msg).toBe('worker failed to start');
      expect(line.reason).toMatch(
        /^MongoDB lacks 1 of the service's \d+ indexes: items\.tenant_content_type_funnel is missing; create them with: npm run cli -- indexes create /,
      );
    } finally {
      expect((await indexesCreate(env)).stdout).toContain(
        'created  items.tenant_content_type_funnel',
      );
    }
  });

  it('when a unique index is there without its option, then the API refuses to start saying so', async () => {
    const db = collections(mongo);
    await db.users.dropIndex('tenant_email');
    await db.users.createIndex({ tenant: 1, email: 1 }, { name: 'tenant_email' });
    try {
      const line = await refusal(await startProcess('api', env, { waitReady: false }));
      expect(line.reason).toMatch(/: users\.tenant_email differs \(not unique\); create them with/);
    } finally {
      await db.users.dropIndex('tenant_email');
      await indexesCreate(env);
    }
  });

  it('when every index is there, then the API and a worker start', async () => {
    const api = await startProcess('api', env, { indexes: false });
    const worker = await startProcess('worker', env, { indexes: false });
    await Promise.all([api.stop('SIGTERM'), worker.stop('SIGTERM')]);
  });
});
