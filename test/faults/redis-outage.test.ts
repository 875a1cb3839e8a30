/**
 * Faults: Redis stopped while requests flow. The API and the worker run against a Redis of
 * this test's own, which it stops and starts again on the same port (empty: it keeps no data, the
 * harsher case, since the queue and anything in flight are gone with it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRedis, type RunningEngine } from '../../scripts/local-engines';
import {
  Deployment,
  eventually,
  makeItems,
  sleep,
  storedAsSent,
  type SentItem,
  type Timed,
} from './support/deployment';
import { waitUntil } from '../support/wait-until';
import { ownRedisEnv } from '../support/test-env';

const WAIT_TIMEOUT_MS = 5_000;
/** The clients give up past this (status 0): an answer the API never gave is a hang. */
const GIVE_UP_MS = WAIT_TIMEOUT_MS + 3_000;

type Sent = Timed & { items: SentItem[] };

describe('Redis stopped while requests flow', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'funnel-sync-redis-outage-'));
  let redis: RunningEngine;
  let deployment: Deployment;

  beforeAll(async () => {
    redis = await startRedis({ dir });
    deployment = await Deployment.start({
      label: 'redis-outage',
      env: {
        ...ownRedisEnv({ REDIS_URL: redis.url }),
        WAIT_TIMEOUT_MS: String(WAIT_TIMEOUT_MS),
        JOB_LOCK_MS: '3000',
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
      workers: 1,
    });
  });

  afterAll(async () => {
    await deployment.close();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when Redis stops, then callers get 503 at once and /readyz 503; when it is back, everything recovers and no answered request is lost', async () => {
    const { contentType, url } = await deployment.funnel();
    const sent: Sent[] = [];
    let flowing = true;
    let counter = 0;
    const client = async (name: string) => {
      while (flowing) {
        const items = makeItems(`${name}-${counter++}`, 5);
        const answer = await deployment.timed('POST', url, items, {}, GIVE_UP_MS);
        sent.push({ ...answer, items });
        if (answer.status !== 200) await sleep(50);
      }
    };
    const clients = ['a', 'b', 'c'].map(client);
    const okSince = (since: number) =>
      sent.filter((answer) => answer.startedAt >= since && answer.status === 200).length;

    // Requests flow.
    await eventually(
      () => okSince(0),
      (ok) => ok >= 20,
      30_000,
    );
    expect(okSince(0)).toBeGreaterThanOrEqual(20);

    // Redis goes away.
    const { api, workers } = deployment;
    const stoppedAt = Date.now();
    await redis.stop();
    const down = await deployment.readyz();
    expect(down.status).toBe(503);
    expect(down.body.engines).toEqual({ redis: 'down', mongodb: 'up' });
    // New requests keep coming. Redis stays away until the requests in flight when it went are
    // answered and two more clients have been answered more than ten times.
    let probing = true;
    let answeredWhileDown = 0;
    const probes = ['d', 'e'].map(async (name) => {
      while (probing) {
        const items = makeItems(`${name}-${counter++}`, 5);
        sent.push({ ...(await deployment.timed('POST', url, items, {}, GIVE_UP_MS)), items });
        answeredWhileDown += 1;
        await sleep(100);
      }
    });
    const askedAgainSinceStop = (client: string) =>
      sent.some(
        (answer) => answer.startedAt >= stoppedAt && answer.items[0]?.sku.startsWith(`${client}-`),
      );
    try {
      await waitUntil(
        () => ({ answeredWhileDown, flowingAgain: ['a', 'b', 'c'].every(askedAgainSinceStop) }),
        (seen) => seen.answeredWhileDown > 10 && seen.flowingAgain,
        { what: 'answers while Redis is away', timeoutMs: 15_000 },
      );
    } finally {
      probing = false;
      await Promise.all(probes);
    }

    // It comes back, empty, on the same port; nothing is restarted.
    const restartedAt = Date.now();
    redis = await startRedis({ dir, port: redis.port });
    const back = await eventually(
      () => deployment.readyz(),
      (answer) => answer.status === 200,
      20_000,
    );
    expect(back.status).toBe(200);
    await eventually(
      () => okSince(restartedAt),
      (ok) => ok >= 20,
      60_000,
    );
    const recoveredAt = Date.now();
    await waitUntil(
      () => sent.filter((answer) => answer.startedAt >= recoveredAt).length,
      (answered) => answered >= 10,
      { what: 'ten answers since the recovery', timeoutMs: 30_000 },
    );
    flowing = false;
    await Promise.all(clients);

    // Never a 500, never a hang (a client that gave up has status 0).
    const statuses = new Set(sent.map((answer) => answer.status));
    expect([...statuses].filter((status) => ![200, 503, 504].includes(status))).toEqual([]);

    // Waiting on a job when it went: answered at once (503, or 200 if the answer had arrived),
    // while Redis was still away, not 504 once WAIT_TIMEOUT_MS had passed
    // (core/submission/queue-submitter.ts, core/queue/connection-loss.ts).
    const inFlight = sent.filter(
      (answer) => answer.startedAt < stoppedAt && answer.startedAt + answer.durationMs > stoppedAt,
    );
    expect(inFlight.length).toBeGreaterThan(0);
    expect(inFlight.filter((answer) => ![200, 503].includes(answer.status))).toEqual([]);
    expect(
      inFlight.filter((answer) => answer.startedAt + answer.durationMs >= restartedAt),
    ).toEqual([]);

    // Asked while Redis was away: 503, not a 504 after waiting; and promptly, or two clients would
    // not have been answered more than ten times before the wait above ran out.
    const whileDown = sent.filter(
      (answer) => answer.startedAt >= stoppedAt + 100 && answer.startedAt < restartedAt,
    );
    expect(whileDown.length).toBeGreaterThan(10);
    expect(whileDown.filter((answer) => answer.status !== 503)).toEqual([]);

    // Recovered by itself: the same processes, and every request since the recovery answered 200.
    expect(api.child.exitCode).toBeNull();
    expect(workers.every((worker) => worker.child.exitCode === null)).toBe(true);
    const sinceRecovery = sent.filter((answer) => answer.startedAt >= recoveredAt);
    expect(sinceRecovery.length).toBeGreaterThan(0);
    expect(sinceRecovery.filter((answer) => answer.status !== 200)).toEqual([]);

    // No request that got a 200 is lost: its items are stored as sent.
    const stored = new Map(
      (await deployment.storedItems(contentType)).map((item) => [item.identifier, item]),
    );
    const answered = sent.filter((answer) => answer.status === 200).flatMap((a) => a.items);
    const lost = answered.filter((item) => {
      const found = stored.get(item.sku);
      return found === undefined || !storedAsSent(found, item);
    });
    expect(lost).toEqual([]);
    expect(deployment.serverErrors()).toEqual([]);
  });
});
