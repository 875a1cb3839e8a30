import { spawn } from 'node:child_process';
import path from 'node:path';
import { runCli } from '../../../admin/run-cli';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { isolatedEnv, type IsolatedEnv } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

const ROOT = path.resolve(__dirname, '../../..');

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in this process, with `env` as its environment and its output captured. */
async function cli(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { ...env },
  });
  return { code, stdout, stderr };
}

/** Runs the CLI as `npm run cli` does, in a process of its own. */
function spawnedCli(env: IsolatedEnv, ...args: string[]): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'admin/main.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

async function json<T = Record<string, unknown>>(result: Promise<CliResult>): Promise<T> {
  const { code, stdout, stderr } = await result;
  if (code !== 0) throw new Error(`cli exited ${code}: ${stderr}`);
  return JSON.parse(stdout) as T;
}

describe('the command line', () => {
  let env: IsolatedEnv;
  let api: TestApi;
  let owner: { tenant: string; userId: string; tokenId: string; token: string };

  beforeAll(async () => {
    // The CLI and an in-process API share one database and one signing secret.
    env = { ...isolatedEnv('cli'), LOG_LEVEL: 'warn' };
    api = await startTestApi('cli', { MONGO_URL: env.MONGO_URL, JWT_SECRET: env.JWT_SECRET });
    owner = await json(
      cli(env, 'bootstrap', '--tenant', 'acme', '--email', 'Owner@Acme.test', '--json'),
    );
  });
  afterAll(() => api.close());

  it('when bootstrap runs with --json, then it prints exactly tenant, userId, tokenId, a working token and an invitation', async () => {
    expect(Object.keys(owner).sort()).toEqual([
      'invitation',
      'tenant',
      'token',
      'tokenId',
      'userId',
    ]);
    expect(owner.tenant).toBe('acme');
    const users = await api.call<{ items: { id: string; email: string; permissions: string[] }[] }>(
      'GET',
      '/api/v1/settings/users',
      { token: owner.token },
    );
    expect(users.status).toBe(200);
    expect(users.body.items).toEqual([
      expect.objectContaining({
        id: owner.userId,
        email: 'owner@acme.test',
        permissions: ['manage_funnels', 'manage_settings'],
      }),
    ]);
  });

  it('when bootstrap runs again for the same email, then it reuses the user with a new token', async () => {
    const again = await json<typeof owner>(
      cli(env, 'bootstrap', '--tenant', 'acme', '--email', 'owner@acme.test', '--json'),
    );
    expect(again.userId).toBe(owner.userId);
    expect(again.tokenId).not.toBe(owner.tokenId);
  });

  it('when bootstrap runs without --json, then a person reads the token and what to do with it', async () => {
    const { code, stdout } = await cli(
      env,
      'bootstrap',
      '--tenant',
      'acme',
      '--email',
      'owner@acme.test',
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Tenant "acme" is ready.');
    expect(stdout).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/m);
  });

  it('when a user and a token are created, then the token acts as that user through the API', async () => {
    const user = await json<{ id: string; email: string; permissions: string[] }>(
      cli(
        env,
        'user',
        'create',
        '--tenant',
        'acme',
        '--email',
        'erp@acme.test',
        '--name',
        'ERP',
        '--permission',
        'manage_settings',
        '--json',
      ),
    );
    expect(user).toMatchObject({
      email: 'erp@acme.test',
      permissions: ['manage_settings'],
      active: true,
    });

    const created = await json<{ id: string; userId: string; abilities: string[]; token: string }>(
      cli(
        env,
        'token',
        'create',
        '--tenant',
        'acme',
        '--user',
        user.id,
        '--name',
        'erp sync',
        '--ability',
        'read',
        '--ability',
        'create',
        '--expires',
        '2999-01-01',
        '--json',
      ),
    );
    expect(created).toMatchObject({
      userId: user.id,
      abilities: ['read', 'create'],
      expiresAt: '2999-01-01T00:00:00.000Z',
    });
    const asErp = await api.call('GET', '/api/v1/settings/tokens', { token: created.token });
    expect(asErp.status).toBe(200);
    const cannotDelete = await api.call('DELETE', `/api/v1/settings/tokens/${owner.tokenId}`, {
      token: created.token,
    });
    expect(cannotDelete.status).toBe(403);
  });

  it('when tokens are listed, then ids and metadata are shown and no token string', async () => {
    const created = await json<{ id: string; token: string }>(
      cli(
        env,
        'token',
        'create',
        '--tenant',
        'acme',
        '--user',
        owner.userId,
        '--name',
        'listed',
        '--ability',
        'read',
        '--json',
      ),
    );
    const listed = await cli(env, 'token', 'list', '--tenant', 'acme', '--json');
    expect(listed.code).toBe(0);
    const { items } = JSON.parse(listed.stdout) as { items: Record<string, unknown>[] };
    expect(items.map((item) => item.id)).toEqual(
      expect.arrayContaining([owner.tokenId, created.id]),
    );
    expect(items.every((item) => !('token' in item))).toBe(true);
    const human = await cli(env, 'token', 'list', '--tenant', 'acme');
    expect(human.stdout).toContain(created.id);
    for (const output of [listed.stdout, human.stdout]) {
      expect(output).not.toContain(created.token);
      expect(output).not.toContain(owner.token);
      expect(output).not.toMatch(/eyJ[\w-]+\./);
    }
  });

  it('when a token is revoked, then the API refuses it', async () => {
    const created = await json<{ id: string; token: string }>(
      cli(
        env,
        'token',
        'create',
        '--tenant',
        'acme',
        '--user',
        owner.userId,
        '--name',
        'doomed',
        '--ability',
        'read',
        '--json',
      ),
    );
    expect((await api.call('GET', '/api/v1/settings/users', { token: created.token })).status).toBe(
      200,
    );
    const revoked = await json<{ id: string; revokedAt: string | null }>(
      cli(env, 'token', 'revoke', '--tenant', 'acme', '--id', created.id, '--json'),
    );
    expect(revoked).toMatchObject({ id: created.id, revokedAt: expect.any(String) });
    // A change may take up to a second to reach every API process (docs/access.md#tokens).
    await waitUntil(
      async () =>
        (await api.call('GET', '/api/v1/settings/users', { token: created.token })).status,
      (status) => status === 401,
      { what: 'the revoked token to be refused', timeoutMs: 5_000 },
    );
  });

  it('when users are listed, then --json prints them as the API lists them and a person reads a table', async () => {
    const listed = await json<{ items: unknown[] }>(
      cli(env, 'user', 'list', '--tenant', 'acme', '--json'),
    );
    const fromApi = await api.call<{ items: unknown[] }>('GET', '/api/v1/settings/users', {
      token: owner.token,
    });
    expect(listed).toEqual({ items: fromApi.body.items });
    const human = await cli(env, 'user', 'list', '--tenant', 'acme');
    expect(human.code).toBe(0);
    const [header, ...rows] = human.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+EMAIL\s+NAME\s+PERMISSIONS\s+ACTIVE$/);
    expect(rows).toHaveLength(listed.items.length);
    expect(human.stdout).toContain(`${owner.userId}  owner@acme.test`);
  });

  it('when bootstrap names a deactivated user, then it exits 4 saying how to reactivate it, and after user activate it prints a working token again', async () => {
    const first = await json<typeof owner>(
      cli(env, 'bootstrap', '--tenant', 'dormant', '--email', 'owner@dormant.test', '--json'),
    );
    await api.context.users.update('dormant', first.userId, { active: false });

    const refused = await cli(
      env,
      'bootstrap',
      '--tenant',
      'dormant',
      '--email',
      'Owner@Dormant.test',
    );
    expect({ code: refused.code, stdout: refused.stdout }).toEqual({ code: 4, stdout: '' });
    expect(refused.stderr).toBe(
      'error: the user owner@dormant.test of tenant "dormant" is deactivated, so a token for it ' +
        'would not work; reactivate it with: npm run cli -- user activate --tenant dormant ' +
        '--email owner@dormant.test, then run bootstrap again\n',
    );
    const tokens = await json<{ items: unknown[] }>(
      cli(env, 'token', 'list', '--tenant', 'dormant', '--json'),
    );
    expect(tokens.items).toHaveLength(1);

    const activated = await json<{ id: string; active: boolean }>(
      cli(
        env,
        'user',
        'activate',
        '--tenant',
        'dormant',
        '--email',
        'Owner@Dormant.test',
        '--json',
      ),
    );
    expect(activated).toMatchObject({ id: first.userId, active: true });
    const again = await json<typeof owner>(
      cli(env, 'bootstrap', '--tenant', 'dormant', '--email', 'owner@dormant.test', '--json'),
    );
    expect(again.userId).toBe(first.userId);
    const works = await api.call('GET', '/api/v1/settings/me', { token: again.token });
    expect(works.status).toBe(200);
  });

  it('when user activate names a user who is active, then it exits 0 saying nothing changed', async () => {
    const result = await cli(
      env,
      'user',
      'activate',
      '--tenant',
      'acme',
      '--email',
      'owner@acme.test',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`User ${owner.userId} (owner@acme.test) was active already`);
  });

  it('when bootstrap reuses a user with fewer permissions, then it prints those it has', async () => {
    const first = await json<typeof owner>(
      cli(env, 'bootstrap', '--tenant', 'lesser', '--email', 'owner@lesser.test', '--json'),
    );
    await api.context.users.update('lesser', first.userId, { permissions: ['manage_settings'] });
    const again = await cli(env, 'bootstrap', '--tenant', 'lesser', '--email', 'owner@lesser.test');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      `user   ${first.userId} (owner@lesser.test), permissions manage_settings\n`,
    );
  });

  it.each([
    [['user', 'create', '--tenant', 'acme', '--email', 'not-an-email'], 2, '--email'],
    [['user', 'create', '--tenant', 'Not A Slug', '--email', 'a@b.test'], 2, '--tenant'],
    [
      ['user', 'create', '--tenant', 'acme', '--email', 'a@b.test', '--permission', 'fly'],
      2,
      '--permission',
    ],
    [
      ['token', 'create', '--tenant', 'acme', '--user', 'x', '--name', 'n', '--ability', 'fly'],
      2,
      '--ability',
    ],
    [
      [
        'token',
        'create',
        '--tenant',
        'acme',
        '--user',
        'x',
        '--name',
        'n',
        '--ability',
        'read',
        '--expires',
        'soon',
      ],
      2,
      '--expires',
    ],
    [['token', 'create', '--tenant', 'acme', '--name', 'n', '--ability', 'read'], 2, '--user'],
    [
      [
        'token',
        'create',
        '--tenant',
        'acme',
        '--user',
        'nobody',
        '--name',
        'n',
        '--ability',
        'read',
      ],
      3,
      '--user',
    ],
    [['token', 'revoke', '--tenant', 'acme', '--id', 'nope'], 3, '--id'],
    [['token', 'list', '--tenant', 'nowhere'], 3, 'nowhere'],
    [['user', 'create', '--tenant', 'acme', '--email', 'OWNER@acme.test'], 4, 'owner@acme.test'],
    [['user', 'fly'], 2, 'fly'],
    [['user', 'list'], 2, '--tenant'],
    [['user', 'list', '--tenant', 'nowhere'], 3, 'nowhere'],
    [['user', 'activate', '--tenant', 'acme'], 2, '--email'],
    [['user', 'activate', '--tenant', 'acme', '--email', 'not-an-email'], 2, '--email'],
    [['user', 'activate', '--tenant', 'Not A Slug', '--email', 'a@b.test'], 2, '--tenant'],
    [
      ['user', 'activate', '--tenant', 'acme', '--email', 'nobody@acme.test'],
      3,
      'nobody@acme.test',
    ],
    [['user', 'activate', '--tenant', 'nowhere', '--email', 'a@b.test'], 3, 'nowhere'],
  ])(
    'when the input is bad (%j), then it exits %i with one line naming %s',
    async (args, code, named) => {
      const result = await cli(env, ...args);
      expect({ code: result.code, stdout: result.stdout }).toEqual({ code, stdout: '' });
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(named);
    },
  );

  it('when the configuration is bad, then it exits 78 with one line naming the variable', async () => {
    const { JWT_SECRET: _omitted, ...withoutSecret } = env;
    const result = await cli(withoutSecret, 'user', 'list', '--tenant', 'acme');
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 78, stdout: '' });
    expect(result.stderr).toMatch(/^funnel-sync cli: Invalid configuration: JWT_SECRET is missing/);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('when run as its own process, as `npm run cli` runs it, then it prints on stdout and exits with the code of the outcome', async () => {
    const [bootstrap, missing] = await Promise.all([
      spawnedCli(env, 'bootstrap', '--tenant', 'acme', '--email', 'owner@acme.test', '--json'),
      spawnedCli(env, 'token', 'list', '--tenant', 'nowhere'),
    ]);
    expect(bootstrap.code).toBe(0);
    const printed = JSON.parse(bootstrap.stdout) as typeof owner;
    expect(printed).toMatchObject({ tenant: 'acme', userId: owner.userId });
    const works = await api.call('GET', '/api/v1/settings/me', { token: printed.token });
    expect(works.status).toBe(200);
    expect(missing).toEqual({
      code: 3,
      stdout: '',
      stderr: 'error: no tenant "nowhere" (create it with: bootstrap)\n',
    });
  });

  it('when --help is asked of any command, then it answers with usage and the exit codes', async () => {
    const commands = [
      [],
      ['bootstrap'],
      ['user', 'create'],
      ['user', 'list'],
      ['user', 'activate'],
      ['token', 'create'],
      ['token', 'list'],
      ['token', 'revoke'],
    ];
    const results = await Promise.all(commands.map((command) => cli(env, ...command, '--help')));
    for (const { code, stdout } of results) {
      expect(code).toBe(0);
      expect(stdout).toContain('Usage:');
      expect(stdout).toContain('Exit codes:');
    }
  });
});
