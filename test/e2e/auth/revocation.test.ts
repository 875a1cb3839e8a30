/**
 * Revocation and permission changes hold on every API process within a second
 * (docs/access.md#tokens), and no token string ever reaches a log line of any process.
 */
import { bootstrapTenant } from '../../../core/auth/bootstrap';
import { collections } from '../../../core/store/collections';
import { connectMongo } from '../../../core/mongo/connection';
import { call } from '../../support/api-harness';
import { startProcess, type RunningProcess } from '../../support/processes';
import { isolatedEnv } from '../../support/test-env';

async function firstStatusChange(
  probe: () => Promise<number>,
  from: number,
  timeoutMs: number,
): Promise<{ status: number; elapsedMs: number }> {
  const started = Date.now();
  for (;;) {
    const status = await probe();
    const elapsedMs = Date.now() - started;
    if (status !== from || elapsedMs > timeoutMs) return { status, elapsedMs };
  }
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

  it('when a token is revoked on one process, then the other refuses it within 1 second', async () => {
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
    const change = await firstStatusChange(onSecond, 200, 5_000);
    expect(change.status).toBe(401);
    expect(change.elapsedMs).toBeLessThan(1_000);
  });

  it("when a user's permission is removed on one process, then the other refuses it within 1 second", async () => {
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
    const change = await firstStatusChange(onSecond, 200, 5_000);
    expect(change.status).toBe(403);
    expect(change.elapsedMs).toBeLessThan(1_000);
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
