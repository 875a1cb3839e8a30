import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRedis, type RunningEngine } from '../../../scripts/local-engines';
import { startProcess, type RunningProcess } from '../../support/processes';
import { isolatedEnv, ownRedisEnv } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

/** An orchestrator's probe: it gives up after 3 s, so a /readyz that hangs fails it. */
async function readyz(api: RunningProcess) {
  const response = await fetch(`${api.baseUrl}/readyz`, { signal: AbortSignal.timeout(3_000) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('health and readiness', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'funnel-sync-readyz-'));
  let redis: RunningEngine;
  let api: RunningProcess;

  beforeAll(async () => {
    // A Redis of this test's own, so that stopping it disturbs no other test.
    redis = await startRedis({ dir });
    api = await startProcess('api', {
      ...isolatedEnv('readyz'),
      ...ownRedisEnv({ REDIS_URL: redis.url }),
    });
  });

  afterAll(async () => {
    await api.stop();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when the process runs, then /healthz is 200 and carries a request id', async () => {
    const response = await fetch(`${api.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('when both engines answer, then /readyz is 200', async () => {
    const { status, body } = await readyz(api);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', engines: { redis: 'up', mongodb: 'up' } });
  });

  it('when Redis stops, then /readyz is 503 naming Redis, and 200 again once it is back', async () => {
    await redis.stop();
    const down = await readyz(api);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      status: 'error',
      message: 'not ready: redis not answering',
      engines: { redis: 'down', mongodb: 'up' },
    });

    redis = await startRedis({ dir, port: redis.port });
    const back = await waitUntil(
      () => readyz(api),
      (answer) => answer.status === 200,
      { what: '/readyz to answer 200 again', timeoutMs: 15_000 },
    );
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ engines: { redis: 'up', mongodb: 'up' } });
  });
});
