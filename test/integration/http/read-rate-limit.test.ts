/**
 * Reads are limited per caller (READ_RATE_LIMIT_PER_MINUTE, docs/api-behaviour.md#limits): each
 * token counts for itself, a console user's sessions count together, reads and funnel requests
 * count apart, and a request that names no caller is not counted. Over the limit: 429 with
 * Retry-After and the RateLimit headers the write limit sends.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { errorHandler } from '../../../api/middleware/error-handler';
import { readRateLimit } from '../../../api/middleware/read-rate-limit';
import { createLogger } from '../../../core/platform/logger';
import { redisTopology } from '../../../core/platform/redis-topology';
import { createRedis } from '../../../core/redis/redis-connection';
import { call, startTestApi, type CallResult, type TestApi } from '../../support/api-harness';
import { testKeys } from '../../support/test-env';

const READS = 3;
const CONSOLE = { 'x-funnel-sync-console': '1' };
const PASSWORD = 'correct horse battery';

describe('the read limit', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi('read-rate-limit', {
      READ_RATE_LIMIT_PER_MINUTE: String(READS),
      RATE_LIMIT_PER_MINUTE: '50',
    });
  });
  afterAll(() => api.close());

  /** Spends a caller's reads, checking the headers each answer carries. */
  async function spendReads(read: () => Promise<CallResult>): Promise<void> {
    for (let n = 1; n <= READS; n += 1) {
      const answer = await read();
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe(String(READS));
      expect(answer.headers.get('ratelimit-remaining')).toBe(String(READS - n));
    }
  }

  function expectRefused(answer: CallResult): void {
    expect(answer.status).toBe(429);
    const seconds = Number(answer.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(answer.headers.get('ratelimit-limit')).toBe(String(READS));
    expect(answer.headers.get('ratelimit-remaining')).toBe('0');
    expect(answer.body).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Rate limit of 3 reads per minute reached; retry in \d+ s$/),
    });
  }

  it('when a token has spent its reads, then its next read of any route is 429 with Retry-After', async () => {
    const { token } = await api.bootstrap('spent');
    await spendReads(() => api.call('GET', '/api/v1/settings/content-types', { token }));
    expectRefused(await api.call('GET', '/api/v1/changes', { token }));
    expectRefused(await api.call('GET', '/api/v1/no-such-route', { token }));
  });

  it('when one token has spent its reads, then another token of the tenant still reads', async () => {
    const owner = await api.bootstrap('per-token');
    const other = await api.call<{ token: string }>('POST', '/api/v1/settings/tokens', {
      token: owner.token,
      body: { name: 'reader', abilities: ['read'] },
    });
    expect(other.status).toBe(201);
    await spendReads(() => api.call('GET', '/api/v1/limits', { token: owner.token }));
    expectRefused(await api.call('GET', '/api/v1/limits', { token: owner.token }));
    const read = await api.call('GET', '/api/v1/limits', { token: other.body.token });
    expect(read.status).toBe(200);
    expect(read.headers.get('ratelimit-remaining')).toBe(String(READS - 1));
  });

  it('when a token has spent its reads, then its funnel requests count against their own limit', async () => {
    const { token } = await api.bootstrap('apart');
    await spendReads(() => api.call('GET', '/api/v1/limits', { token }));
    const write = await api.call('POST', '/api/v1/funnels/no-such-funnel', { token, body: [] });
    expect(write.status).toBe(404);
    expect(write.headers.get('ratelimit-limit')).toBe('50');
    expect(write.headers.get('ratelimit-remaining')).toBe('49');
  });

  it('when a request names no valid caller, then it is not counted: 401, and the docs stay open', async () => {
    for (let n = 0; n <= READS; n += 1) {
      const answer = await api.call('GET', '/api/v1/limits', { token: 'x.y.z' });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('ratelimit-limit')).toBeNull();
    }
    for (let n = 0; n <= READS; n += 1) {
      expect((await api.call('GET', '/api/v1/openapi.json')).status).toBe(200);
    }
  });

  it('when a console user reads through two sessions, then both count against one limit', async () => {
    const owner = await api.bootstrap('console');
    const invitation = await api.call<{ secret: string }>(
      'POST',
      `/api/v1/settings/users/${owner.userId}/invitation`,
      { token: owner.token },
    );
    const accepted = await api.call('POST', '/api/v1/invitations/accept', {
      headers: CONSOLE,
      body: { secret: invitation.body.secret, password: PASSWORD },
    });
    expect(accepted.status).toBe(200);
    const cookies: string[] = [];
    for (let n = 0; n < 2; n += 1) {
      const signedIn = await api.call('POST', '/api/v1/session', {
        headers: CONSOLE,
        body: { tenant: 'console', email: 'owner@console.test', password: PASSWORD },
      });
      expect(signedIn.status).toBe(201);
      cookies.push((signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
    }
    let n = 0;
    await spendReads(() =>
      api.call('GET', '/api/v1/settings/me', { headers: { cookie: cookies[n++ % 2] ?? '' } }),
    );
    expectRefused(
      await api.call('GET', '/api/v1/settings/me', { headers: { cookie: cookies[1] ?? '' } }),
    );
    // The user's token is a caller of its own.
    expect((await api.call('GET', '/api/v1/settings/me', { token: owner.token })).status).toBe(200);
  });

  it('when Redis does not answer, then reads go on, uncounted', async () => {
    const { token } = await api.bootstrap('redis-away');
    const away = createRedis(
      redisTopology({ REDIS_URL: 'redis://127.0.0.1:1' }),
      'command',
      'away',
    );
    const app = express();
    app.use(readRateLimit(api.context.auth, away, testKeys('read-limit-away'), READS));
    app.get('/read', (_req, res) => {
      res.json({ read: true });
    });
    app.use(errorHandler(createLogger('test', 'silent')));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (let n = 0; n <= READS; n += 1) {
        const answer = await call(url, 'GET', '/read', { token });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('ratelimit-limit')).toBeNull();
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      away.disconnect();
    }
  });

  it('then the OpenAPI document gives every read its 429 with Retry-After', async () => {
    const { body } = await api.call<{
      paths: Record<string, { get?: { responses: Record<string, { headers?: object }> } }>;
    }>('GET', '/api/v1/openapi.json');
    const reads = Object.entries(body.paths).filter(
      ([path, operations]) =>
        operations.get && path.startsWith('/api/v1/') && !/^\/api\/v1\/(docs|openapi)/.test(path),
    );
    expect(reads.length).toBeGreaterThan(15);
    const without = reads
      .filter(([, operations]) => !operations.get?.responses['429']?.headers)
      .map(([path]) => path);
    expect(without).toEqual([]);
  });
});
