/**
 * Revocation and permission changes made on one API process hold on every other one (each
 * re-reads a token and its user once its short cache is stale, docs/access.md#tokens), and no
 * token string ever reaches a log line of any process.
 */
import { bootstrapTenant } from '../../../core/auth/bootstrap';
import { collections } from '../../../core/storage/collections';
import { connectMongo } from '../../../core/mongo/connection';
import { call } from '../../support/api-harness';
import { startProcess, type RunningProcess } from '../../support/processes';
import { isolatedEnv } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

/** The first answer of `probe` other than `from`; fails, naming it, if none comes in 5 s. */
function firstStatusChange(probe: () => Promise<number>, from: number): Promise<number> {
  return waitUntil(probe, (status) => status !== from, {
    what: `an answer other than ${from}`,
    timeoutMs: 5_000,
    everyMs: 20,
  });
}

describe('revocation across API processes', () => {
  const env = isolatedEnv('revocation');
  const issued: string[] = [];
  let first: RunningProcess;
  let second: RunningProcess;
  let admin: string;

  beforeAll(async () => {
    [first, second] = await Promise.all([startProcess('api', env), startProcess('api', env)]);
    const mongo = await connectMongo(env.MONGO_URL, 'test');
    try {
      ({ token: admin } = await bootstrapTenant(collections(mongo), env.JWT_SECRET, {
        tenant: 'acme',
        email: 'admin@acme.test',
      }));
      issued.push(admin);
    } finally {
      await mongo.close();
    }
  });

  afterAll(async () => {
    await Promise.all([first.stop(), second.stop()]);
    // Every line either process wrote, stdout and stderr: no token string anywhere.
    const everything = [...first.lines, ...second.lines]
      .map((line) => JSON.stringify(line))
      .join('\n');
    const errors = [...first.stderr, ...second.stderr].join('\n');
    for (const token of issued) {
      expect(everything).not.toContain(token);
      expect(errors).not.toContain(token);
      expect(everything).not.toContain(token.split('.')[2]);
    }
  });

  async function newToken(abilities: string[], userId?: string) {
    const created = await call<{ id: string; token: string }>(
      first.baseUrl,
      'POST',
      '/api/v1/settings/tokens',
      {
        token: admin,
        body: { name: 'probe', abilities, ...(userId ? { userId } : {}) },
      },
    );
    expect(created.status).toBe(201);
    issued.push(created.body.token);
    return created.body;
  }

  it('when a token is revoked on one process, then the other refuses it from then on', async () => {
    const probe = await newToken(['read']);
    const onSecond = () =>
      call(second.baseUrl, 'GET', '/api/v1/settings/tokens', { token: probe.token }).then(
        (r) => r.status,
      );
    expect(await onSecond()).toBe(200);

    const revoked = await call(first.baseUrl, 'DELETE', `/api/v1/settings/tokens/${probe.id}`, {
      token: admin,
    });
    expect(revoked.status).toBe(204);
    expect(await firstStatusChange(onSecond, 200)).toBe(401);
    expect(await onSecond()).toBe(401);
  });

  it("when a user's permission is removed on one process, then the other refuses it from then on", async () => {
    const user = await call<{ id: string }>(first.baseUrl, 'POST', '/api/v1/settings/users', {
      token: admin,
      body: { email: 'ops@acme.test', permissions: ['manage_settings'] },
    });
    const probe = await newToken(['read'], user.body.id);
    const onSecond = () =>
      call(second.baseUrl, 'GET', '/api/v1/settings/users', { token: probe.token }).then(
        (r) => r.status,
      );
    expect(await onSecond()).toBe(200);

    await call(first.baseUrl, 'PATCH', `/api/v1/settings/users/${user.body.id}`, {
      token: admin,
      body: { permissions: [] },
    });
    expect(await firstStatusChange(onSecond, 200)).toBe(403);
    expect(await onSecond()).toBe(403);
  });

  it('when requests carry tokens, then the access log lines name the token id, never the token', async () => {
    await call(second.baseUrl, 'GET', '/api/v1/settings/tokens', { token: admin });
    const line = await second.waitForLog(
      (l) => l.msg === 'request finished' && l.path === '/api/v1/settings/tokens',
    );
    expect(line.tokenId).toEqual(expect.any(String));
    expect(line.tenant).toBe('acme');
  });
});
