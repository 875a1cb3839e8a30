/**
 * Faults: the MongoDB engine stopped. The API and the worker run against a DocumentDB of this
 * test's own, which it stops and starts again on the same port, data directory and password (its
 * data stays, and the processes' URL still opens it).
 * Jobs are tried 5 times with exponential backoff from 1 s (core/queue/job-options.ts).
 */
import { rmSync } from 'node:fs';
import {
  newDataDir,
  startDocumentDb,
  type RunningDocumentDb,
} from '../../scripts/engines/documentdb';
import { holdWriteLock } from '../support/held-write-lock';
import type { LogLine, RunningProcess } from '../support/processes';
import {
  Deployment,
  eventually,
  makeItems,
  storedAsSent,
  type SentItem,
  type Timed,
} from './support/deployment';
import { waitUntil } from '../support/wait-until';

const WAIT_TIMEOUT_MS = 60_000;
const DATABASE = 'faults';

/**
 * The worker's log lines of one request's `ingest` job, in order: not those of its chunk jobs or
 * of its late history record, which carry the same request id under job ids of their own.
 */
function jobLines(worker: RunningProcess, requestId: string, msg: string): LogLine[] {
  const first = worker.lines.find(
    (line) => line.requestId === requestId && line.msg === 'job started' && line.job === 'ingest',
  );
  return worker.lines.filter((line) => line.jobId === first?.jobId && line.msg === msg);
}

/** The `job started` line of the run that followed `line` (a retry, or a wake-up). */
function nextStart(worker: RunningProcess, line: LogLine): LogLine | undefined {
  const from = worker.lines.indexOf(line);
  return worker.lines
    .slice(from + 1)
    .find((next) => next.jobId === line.jobId && next.msg === 'job started');
}

/** Probes sent while the engine is away, at least one, until `enough` holds: each answer and what it carried. */
async function probeWhileDown(
  deployment: Deployment,
  url: string,
  enough: { what: string; holds: () => boolean; timeoutMs: number },
) {
  const answers: (Timed & { items: SentItem[] })[] = [];
  await waitUntil(
    async () => {
      const items = makeItems(`probe-${answers.length}`, 3);
      answers.push({ ...(await deployment.timed('POST', url, items, {}, 120_000)), items });
      return enough.holds();
    },
    (holds) => holds,
    { what: enough.what, timeoutMs: enough.timeoutMs, everyMs: 500 },
  );
  return answers;
}

/** Every `delayed` event of a job in the queue's event stream: one each time it waits to retry. */
async function delayedEvents(deployment: Deployment, jobId: unknown): Promise<number> {
  const queue = deployment.funnelQueue();
  try {
    await queue.waitUntilReady();
    const events = queue.queues.of(deployment.tenant).keys.events ?? '';
    const entries = await queue.redis.xrange(events, '-', '+');
    return entries.filter(([, fields]) => {
      const field = (name: string) => fields[fields.indexOf(name) + 1];
      return field('event') === 'delayed' && field('jobId') === String(jobId);
    }).length;
  } finally {
    await queue.close();
  }
}

/** A request that keeps the only worker busy until the test lets it go; its caller's answer. */
interface Occupier {
  release(): Promise<void>;
  answer: Promise<Timed>;
}

/**
 * Keeps the only worker (WORKER_CONCURRENCY 1) busy: a request to a content type of its own,
 * whose job waits for that content type's write lock, held by the test. The next request's job
 * waits in the queue while the test stops the engine (the engine may serve its open connections
 * for a moment after it is told to stop); once released, the busy job's own attempts fail on the engine away
 * and wait out their backoff, and the waiting job runs, meeting no engine.
 */
async function occupyWorker(
  deployment: Deployment,
  worker: RunningProcess,
  requestId: string,
): Promise<Occupier> {
  const { contentType, url } = await deployment.funnel();
  const lock = await holdWriteLock(deployment.env, deployment.tenant, contentType);
  const items = makeItems(requestId, 1);
  const answer = deployment.timed('POST', url, items, { 'X-Request-Id': requestId }, 180_000);
  await worker.waitForLog(
    (line) => line.msg === 'job started' && line.requestId === requestId,
    20_000,
  );
  return { release: () => lock.release(), answer };
}

describe('the MongoDB engine stopped', () => {
  const dir = newDataDir();
  let engine: RunningDocumentDb;
  let deployment: Deployment;
  let worker: RunningProcess;

  const stopEngine = async () => {
    await engine.stop();
  };
  const startEngine = async () => {
    const { port, password } = engine;
    engine = await startDocumentDb({ dataDir: dir, database: DATABASE, port, password });
  };

  beforeAll(async () => {
    engine = await startDocumentDb({ dataDir: dir, database: DATABASE });
    deployment = await Deployment.start({
      label: 'mongo-outage',
      env: {
        MONGO_URL: engine.url,
        WAIT_TIMEOUT_MS: String(WAIT_TIMEOUT_MS),
        JOB_LOCK_MS: '3000',
        WORKER_CONCURRENCY: '1',
        RATE_LIMIT_PER_MINUTE: '1000000',
        // The 2,000-item request is written by two chunk jobs once the engine is back.
        CHUNK_SIZE: '1000',
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
    const busy = await occupyWorker(deployment, worker, 'busy-1');
    const answer = deployment.timed('POST', url, items, { 'X-Request-Id': 'mongo-1' }, 120_000);
    // Queued behind the busy worker before the engine goes, and let through once it is gone.
    await deployment.jobsWaiting();
    await stopEngine();
    await busy.release();

    // While it is away: /readyz names it, and callers are told 503 or 504. The job starts once
    // the worker is free; its attempts fail at once, 1, 2, 4 and 8 s apart, and the engine is
    // started again once two have failed, well before the fifth.
    const ready = await deployment.readyz();
    expect(ready.status).toBe(503);
    expect(ready.body.engines).toEqual({ redis: 'up', mongodb: 'down' });
    await worker.waitForLog(
      (line) => line.msg === 'job started' && line.requestId === 'mongo-1',
      20_000,
    );
    const probes = await probeWhileDown(deployment, url, {
      what: 'two failed attempts of the job',
      holds: () => jobLines(worker, 'mongo-1', 'job failed').length >= 2,
      timeoutMs: 30_000,
    });
    await startEngine();

    const first = await answer;
    expect([200, 504]).toContain(first.status);
    // Retried: at least two attempts failed, each followed by the next attempt, and each failure
    // put the job in the delayed set to wait out its backoff (a retry without one would go
    // straight back to waiting). Every run of the job ends failed, waiting for its chunk jobs
    // (2,000 items are two chunks), or done.
    const started = jobLines(worker, 'mongo-1', 'job started');
    const failed = jobLines(worker, 'mongo-1', 'job failed');
    const waited = jobLines(worker, 'mongo-1', 'job waits');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(started.length).toBe(failed.length + waited.length + 1);
    failed.forEach((failure, k) => {
      expect(nextStart(worker, failure)).toMatchObject({ attempt: k + 2 });
    });
    // More if the fair share parked it too, which goes through the delayed set as well.
    expect(await delayedEvents(deployment, failed[0]?.jobId)).toBeGreaterThanOrEqual(failed.length);

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
    expect([200, 503, 504]).toContain((await busy.answer).status);
    expect(deployment.serverErrors()).toEqual([]);
  });

  describe('when it stays away past the retry budget', () => {
    let url = '';
    let contentType = '';

    const idempotencyKey = `outage-${Date.now()}`;
    const items = makeItems('B', 50);
    const send = (requestId: string) =>
      deployment.timed(
        'POST',
        url,
        items,
        { 'X-Request-Id': requestId, 'Idempotency-Key': idempotencyKey },
        180_000,
      );

    it('then the job gives up after its 5 attempts, the caller gets 503 or 504, and nothing was written', async () => {
      ({ contentType, url } = await deployment.funnel());
      const busy = await occupyWorker(deployment, worker, 'busy-2');
      const answer = send('mongo-2');
      await deployment.jobsWaiting();
      await stopEngine();
      await busy.release();
      // Five attempts, the last one 15 s of backoff after the first: the budget is spent within
      // a minute (more if an attempt waits out the driver's 5 s server selection). The last
      // failure is not thrown: the job answers with it.
      const gaveUp = await worker.waitForLog(
        (line) => line.msg === 'job gave up' && line.requestId === 'mongo-2',
        120_000,
      );
      const outcome = await answer;
      await startEngine();

      expect(jobLines(worker, 'mongo-2', 'job started')).toHaveLength(5);
      expect(jobLines(worker, 'mongo-2', 'job failed')).toHaveLength(4);
      expect(gaveUp).toMatchObject({ attempt: 5, httpStatus: 503 });
      // The caller still waiting is told 503 and why; one whose wait ran out got 504 before.
      expect([503, 504]).toContain(outcome.status);
      if (outcome.status === 503) {
        expect(outcome.body).toEqual({
          status: 'error',
          message:
            'The database did not answer in 5 attempts; the request was not completed. Send it again',
        });
      }
      expect(outcome.body?.status).toBe('error');
      expect([200, 503, 504]).toContain((await busy.answer).status);
      await eventually(
        () => deployment.readyz(),
        (ready) => ready.status === 200,
        30_000,
      );
      expect(await deployment.storedItems(contentType)).toEqual([]);
      expect(deployment.serverErrors()).toEqual([]);
    });

    it('then, once the engine is back, the history records the request as failed', async () => {
      // A job of its own writes the record, tried with growing pauses until MongoDB takes it.
      const record = await eventually(
        () => deployment.history(url, 'mongo-2').catch(() => null),
        (found) => found !== null,
        60_000,
        1_000,
      );
      expect(record).toMatchObject({
        requestId: 'mongo-2',
        status: 'error',
        httpStatus: 503,
        payload: items,
        // The whole body, held by the record: the request can be replayed once things are well.
        payloadTruncated: false,
      });
      expect(record?.message).toMatch(/database|MongoDB|retr/i);
    });

    it('then a repeat with the same Idempotency-Key runs the request again instead of replaying the 503', async () => {
      const again = await send('mongo-2-again');
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ status: 'success', message: '50 items were imported' });
      const stored = new Map(
        (await deployment.storedItems(contentType)).map((item) => [item.identifier, item]),
      );
      expect(
        items.filter((item) => !storedAsSent(stored.get(item.sku) ?? ({} as never), item)),
      ).toEqual([]);
      expect(deployment.serverErrors()).toEqual([]);
    });
  });
  describe('when it stops while the chunk jobs of a large request write', () => {
    const items = makeItems('K', 2_000);
    const idempotencyKey = `outage-chunks-${Date.now()}`;
    let url = '';
    let contentType = '';
    const send = (requestId: string) =>
      deployment.timed(
        'POST',
        url,
        items,
        { 'X-Request-Id': requestId, 'Idempotency-Key': idempotencyKey },
        180_000,
      );

    it('then the chunks fail after their retries, the request ends with one error record of 503, and a repeat runs it again', async () => {
      ({ contentType, url } = await deployment.funnel());
      const lock = await holdWriteLock(deployment.env, deployment.tenant, contentType);
      const answer = send('mongo-3');
      // The request is mapped and checked, its two chunk jobs added; the first waits for the lock.
      await worker.waitForLog(
        (line) =>
          line.msg === 'job started' && line.job === 'ingest-chunk' && line.requestId === 'mongo-3',
        60_000,
      );
      await stopEngine();
      await lock.release();

      // Each chunk fails 5 times; the request's job then runs again and records the failure
      // (or, if MongoDB is still away by its last attempt, gives up and a job records it).
      await worker.waitForLog(
        (line) =>
          line.requestId === 'mongo-3' &&
          (line.msg === 'chunk jobs failed for good' || line.msg === 'job gave up'),
        240_000,
      );
      await startEngine();
      const outcome = await answer;
      expect([503, 504]).toContain(outcome.status);
      expect(outcome.body?.status).toBe('error');

      const record = await eventually(
        () => deployment.history(url, 'mongo-3').catch(() => null),
        (found) => found !== null && found.status !== 'processing',
        60_000,
        1_000,
      );
      expect(record).toMatchObject({ requestId: 'mongo-3', status: 'error', httpStatus: 503 });
      expect(record?.message).toMatch(
        /^(2 of 2 chunks of items could not be written; the request may be partly written|The database did not answer)/,
      );

      // The 503 is not kept for the key: a repeat runs the request again, and it completes.
      const again = await send('mongo-3-again');
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ status: 'success', message: '2000 items were imported' });
      const stored = new Map(
        (await deployment.storedItems(contentType)).map((item) => [item.identifier, item]),
      );
      expect(
        items.filter((item) => !storedAsSent(stored.get(item.sku) ?? ({} as never), item)),
      ).toEqual([]);
      expect(deployment.serverErrors()).toEqual([]);
    });
  });
});
