/**
 * `bootstrap` prints, beside the token, a one-time link with which the tenant's first person sets
 * a password and signs in to the console (docs/access.md#bootstrap).
 */
import { runCli } from '../../../admin/run-cli';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { isolatedEnv, type IsolatedEnv } from '../../support/test-env';

const CONSOLE = { 'x-funnel-sync-console': '1' };

async function bootstrap(env: Record<string, string>, ...extra: string[]) {
  let stdout = '';
  const code = await runCli(
    ['bootstrap', '--tenant', 'first', '--email', 'owner@first.test', ...extra],
    { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true }, env },
  );
  return { code, stdout };
}

describe('bootstrap and the console', () => {
  let env: IsolatedEnv;
  let api: TestApi;

  beforeAll(async () => {
    env = { ...isolatedEnv('cli-invitation'), LOG_LEVEL: 'warn' };
    api = await startTestApi('cli-invitation', {
      MONGO_URL: env.MONGO_URL,
      JWT_SECRET: env.JWT_SECRET,
    });
  });
  afterAll(() => api.close());

  it('when bootstrap runs, then its invitation link sets a password that signs in', async () => {
    const { code, stdout } = await bootstrap(
      { ...env, PUBLIC_URL: 'https://sync.example.test/' },
      '--json',
    );
    expect(code).toBe(0);
    const printed = JSON.parse(stdout) as { invitation: { link: string; validUntil: string } };
    const match = /^https:\/\/sync\.example\.test\/console\/#\/invitation\/([\w-]{43})$/.exec(
      printed.invitation.link,
    );
    expect(match).not.toBeNull();
    const hours = (Date.parse(printed.invitation.validUntil) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71);
    expect(hours).toBeLessThanOrEqual(72);
    const password = 'a long enough password';
    const accepted = await api.call('POST', '/api/v1/invitations/accept', {
      headers: CONSOLE,
      body: { secret: match?.[1], password },
    });
    expect(accepted.body).toEqual({ tenant: 'first', email: 'owner@first.test' });
    const signedIn = await api.call('POST', '/api/v1/session', {
      headers: CONSOLE,
      body: { tenant: 'first', email: 'owner@first.test', password },
    });
    expect(signedIn.status).toBe(201);
  });

  it('when PUBLIC_URL is not a public URL, then bootstrap stops and names it', async () => {
    let stderr = '';
    const code = await runCli(['bootstrap', '--tenant', 'first', '--email', 'owner@first.test'], {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      env: { ...env, PUBLIC_URL: 'sync.example.test' },
    });
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/);
  });

  it('when bootstrap runs for a person, then it says what the link is for', async () => {
    const { code, stdout } = await bootstrap(env);
    expect(code).toBe(0);
    expect(stdout).toMatch(/sign in to the console with a password/);
    expect(stdout).toMatch(/^http:\/\/127\.0\.0\.1:3000\/console\/#\/invitation\/[\w-]{43}$/m);
  });
});
