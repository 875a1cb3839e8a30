/**
 * Issue 5, faults: the MongoDB engine stopped. The API and the worker run against a FerretDB of this
 * test's own, which it stops and starts again on the same port and data directory (its data stays).
 * Jobs are tried 5 times with exponential backoff from 1 s (core/queue/job-options.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFerretDb, type RunningEngine } from '../../scripts/local-engines';
import { FunnelQueue } from '../../core/queue/funnel-queue';
import type { LogLine, RunningProcess } from '../support/processes';
import {
  Deployment,
  eventually,
  makeItems,
  sleep,
  storedAsSent,
  type SentItem,
  type Timed,
} from './support/deployment';

const WAIT_TIMEOUT_MS = 60_000;
const DATABASE = 'faults';
/**
 * How long the worker is kept busy before it takes the request's job: longer than the test's
 * pause before stopping the engine plus the engine's own shutdown (FerretDB serves its open
 * connections for a few seconds after SIGTERM), so that the job's first attempt meets no engine.
 */
const HOLD_MS = 8_000;

/** The worker's log lines of one request's job, in order. */
function jobLines(worker: RunningProcess, requestId: string, msg: string): LogLine[] {
  return worker.lines.filter((line) => line.requestId === requestId && line.msg === msg);
}

const at = (line: LogLine | undefined) => Date.parse(String(line?.time));

/** Probes sent while the engine is away: each answer and what it carried. */
async function probeWhileDown(deployment: Deployment, url: string, untilMs: number) {
  const answers: (Timed & { items: SentItem[] })[] = [];
  for (let n = 0; Date.now() < untilMs; n++) {
    const items = makeItems(`probe-${n}`, 3);
    answers.push({ ...(await deployment.timed('POST', url, items, {}, 120_000)), items });
    await sleep(500);
  }
  return answers;
}

/**
 * Keeps the only worker (WORKER_CONCURRENCY 1) busy for `holdMs`, so that the next request's job
 * waits in the queue while the test stops the engine, and runs while it is away.
 */
async function occupyWorker(env: Record<string, string>, holdMs: number): Promise<void> {
  const queue = new FunnelQueue({ redisUrl: env.REDIS_URL ?? '', prefix: env.QUEUE_PREFIX ?? '' });
  try {
    await queue.add('ping', { requestId: `hold-${Date.now()}`, holdMs });
  } finally {
    await queue.close();
  }
}

describe('the MongoDB engine stopped', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'funnel-sync-mongo-outage-'));
  let engine: RunningEngine;
  let deployment: Deployment;
  let worker: RunningProcess;

  const stopEngine = async () => {
    await engine.stop();
  };
  const startEngine = async () => {
    engine = await startFerretDb({ dir, database: DATABASE, port: engine.port });
  };

  beforeAll(async () => {
    engine = await startFerretDb({ dir, database: DATABASE });
    deployment = await Deployment.start({
      label: 'mongo-outage',
      env: {
        MONGO_URL: engine.url,
        WAIT_TIMEOUT_MS: String(WAIT_TIMEOUT_MS),
        JOB_LOCK_MS: '3000',
        WORKER_CONCURRENCY: '1',
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
      workers: 1,
    });
    worker = deployment.workers[0] as RunningProcess;
  });

  afterAll(async () => {
    await deployment.close();
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when it stops while a job runs, then the job is retried with backoff and completes once it is back; callers get 503 or 504, never 500', async () => {
    const { contentType, url } = await deployment.funnel();
    const items = makeItems('M', 2_000);
    await occupyWorker(deployment.env, HOLD_MS);
    const answer = deployment.timed('POST', url, items, { 'X-Request-Id': 'mongo-1' }, 120_000);
    await sleep(1_000);
    await stopEngine();

    // While it is away: /readyz names it, and callers are told 503 or 504. The job starts once
    // the worker is free; its attempts fail at once, 1, 2, 4 and 8 s apart, and the engine is
    // back before the fourth.
    const ready = await deployment.readyz();
    expect(ready.status).toBe(503);
    expect(ready.body.engines).toEqual({ redis: 'up', mongodb: 'down' });
    await worker.waitForLog(
      (line) => line.msg === 'job started' && line.requestId === 'mongo-1',
      20_000,
    );
    const probes = await probeWhileDown(deployment, url, Date.now() + 5_000);
    await startEngine();

    const first = await answer;
    expect([200, 504]).toContain(first.status);
    // Retried: at least one attempt failed, and each retry waited at least its backoff.
    const started = jobLines(worker, 'mongo-1', 'job started');
    const failed = jobLines(worker, 'mongo-1', 'job failed');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(started.length).toBe(failed.length + 1);
    failed.forEach((failure, k) => {
      expect(at(started[k + 1]) - at(failure)).toBeGreaterThanOrEqual(1_000 * 2 ** k - 50);
    });

    // Completed once it was back: every item, as sent, and a success record.
    const record = await eventually(
      () => deployment.history(url, 'mongo-1'),
      (found) => found?.status === 'success',
      60_000,
    );
    expect(record).toMatchObject({ status: 'success', httpStatus: 200, itemCount: 2_000 });
    const stored = new Map(
      (await deployment.storedItems(contentType)).map((item) => [item.identifier, item]),
    );
    expect(
      items.filter((item) => !storedAsSent(stored.get(item.sku) ?? ({} as never), item)),
    ).toEqual([]);

    // Callers while it was away: 503 or 504, never 500, and a 503 left nothing half-written.
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.filter((probe) => ![503, 504].includes(probe.status))).toEqual([]);
    const refused = probes.filter((probe) => probe.status === 503).flatMap((probe) => probe.items);
    expect(refused.filter((item) => stored.has(item.sku))).toEqual([]);
    expect(deployment.serverErrors()).toEqual([]);
  });

  describe('when it stays away past the retry budget', () => {
    let url = '';
    let contentType = '';

    it('then the job gives up after its 5 attempts, the caller gets 503 or 504, and nothing was written', async () => {
      ({ contentType, url } = await deployment.funnel());
      const items = makeItems('B', 50);
      await occupyWorker(deployment.env, HOLD_MS);
      const answer = deployment.timed('POST', url, items, { 'X-Request-Id': 'mongo-2' }, 180_000);
      await sleep(1_000);
      await stopEngine();
      // Five attempts, the last one 15 s of backoff after the first: the budget is spent within
      // a minute (more if an attempt waits out the driver's 5 s server selection).
      const spent = await eventually(
        () => jobLines(worker, 'mongo-2', 'job failed'),
        (failures) => failures.length >= 5,
        120_000,
        500,
      );
      const outcome = await answer;
      await startEngine();

      expect(spent).toHaveLength(5);
      expect(jobLines(worker, 'mongo-2', 'job started')).toHaveLength(5);
      expect([503, 504]).toContain(outcome.status);
      expect(outcome.body?.status).toBe('error');
      await eventually(
        () => deployment.readyz(),
        (ready) => ready.status === 200,
        30_000,
      );
      expect(await deployment.storedItems(contentType)).toEqual([]);
      expect(deployment.serverErrors()).toEqual([]);
    });

    // KNOWN GAP (issue 5): when the last attempt fails the engine is still away, so the worker
    // cannot store the record, and nothing stores it once the engine is back: the history has no
    // record of the request at all. `.failing` keeps the suite green while the gap is open; jest
    // reports this test as failed the day a record appears, and `.failing` should then go.
    it.failing(
      'then, once the engine is back, the history records the request as failed',
      async () => {
        const record = await eventually(
          () => deployment.history(url, 'mongo-2').catch(() => null),
          (found) => found !== null,
          15_000,
          1_000,
        );
        expect(record).toMatchObject({ requestId: 'mongo-2', status: 'error' });
        expect(record?.message).toMatch(/database|MongoDB|retr/i);
      },
    );
  });
});
