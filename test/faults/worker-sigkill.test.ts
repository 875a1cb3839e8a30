/**
 * Faults: a worker killed with SIGKILL in the middle of a 10,000-item request. Its job stays locked
 * until JOB_LOCK_MS passes; then BullMQ's stalled-job check hands it to the other worker, which
 * runs it again from the start. The client waits, and when its answer is uncertain (503, 504, no
 * answer) it sends the request again with the same Idempotency-Key. With the default CHUNK_SIZE of
 * 1,000 such a request is written by ten chunk jobs (docs/storage.md#chunked-writes): a worker is
 * also killed while it writes chunks, and the chunks it held are written again elsewhere.
 */
import { randomUUID } from 'node:crypto';
import type { LogLine, RunningProcess } from '../support/processes';
import { waitUntil } from '../support/wait-until';
import { Deployment, makeItems, sleep, type Timed } from './support/deployment';
import { expectStoredExactlyOnce } from './support/stored-items';

const ITEMS = 10_000;

/** Starts a 10,000-item POST and SIGKILLs the worker that takes it up, as soon as it starts. */
async function postAndKillItsWorker(deployment: Deployment, requestId: string, key: string) {
  const { contentType, url } = await deployment.funnel();
  const items = makeItems(requestId, ITEMS);
  const headers = { 'Idempotency-Key': key, 'X-Request-Id': requestId };
  const answer = deployment.timed('POST', url, items, headers, 240_000);
  const { worker: victim, line } = await deployment.workerStarting(requestId, 60_000);
  const jobId = String(line.jobId);
  expect(await victim.stop('SIGKILL')).toBeNull();
  // Killed in the middle: it had started the job and not finished it.
  expect(victim.lines.some((line) => line.msg === 'job finished' && line.jobId === jobId)).toBe(
    false,
  );
  const survivor = deployment.workers.find((worker) => worker !== victim) as RunningProcess;
  return { contentType, url, items, answer, survivor };
}

describe('a worker killed with SIGKILL in the middle of a 10,000-item request', () => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.start({
      label: 'sigkill',
      // The dead worker's job is taken up again after 3 s; the caller waits long enough to see it.
      env: { JOB_LOCK_MS: '3000', WAIT_TIMEOUT_MS: '120000', WORKER_CONCURRENCY: '2' },
      workers: 2,
    });
  });

  afterAll(async () => {
    await deployment.close();
  });

  it('when the worker running the job is killed, then another worker takes it up and every item is stored exactly once', async () => {
    const requestId = 'sigkill-1';
    const key = `sigkill-${randomUUID()}`;
    const { contentType, url, items, answer, survivor } = await postAndKillItsWorker(
      deployment,
      requestId,
      key,
    );

    // The client: an uncertain answer is asked again with the same key and body.
    let outcome: Timed = await answer;
    for (let retry = 0; retry < 3 && (outcome.status === 0 || outcome.status >= 500); retry++) {
      await sleep(1_000);
      outcome = await deployment.timed('POST', url, items, {
        'Idempotency-Key': key,
        'X-Request-Id': requestId,
      });
    }
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({ status: 'success', message: '10000 items were imported' });

    // Taken up again by the other worker, and finished there.
    await survivor.waitForLog(
      (line) => line.msg === 'job finished' && line.requestId === requestId,
      10_000,
    );
    await expectStoredExactlyOnce(deployment, contentType, items);
    const record = await deployment.history(url, requestId);
    expect(record).toMatchObject({ status: 'success', httpStatus: 200, itemCount: ITEMS });
    expect(deployment.serverErrors()).toEqual([]);
  });
});

describe('a worker killed while its caller has stopped waiting', () => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.start({
      label: 'sigkill-retry',
      // The caller gives up after 2 s (504) while the job waits 3 s for its lock to expire.
      env: { JOB_LOCK_MS: '3000', WAIT_TIMEOUT_MS: '2000', WORKER_CONCURRENCY: '2' },
      workers: 2,
    });
  });

  afterAll(async () => {
    await deployment.close();
  });

  it('when the client retries with the same Idempotency-Key, then it gets the outcome and nothing is processed twice', async () => {
    const key = `sigkill-retry-${randomUUID()}`;
    const { contentType, url, items, answer } = await postAndKillItsWorker(
      deployment,
      'retry-0',
      key,
    );
    const first = await answer;
    expect(first.status).toBe(504);

    // Each retry under a request id of its own, so that the workers' logs tell what ran.
    const retries: Timed[] = [];
    const outcome = await waitUntil(
      async () => {
        const retry = await deployment.timed('POST', url, items, {
          'Idempotency-Key': key,
          'X-Request-Id': `retry-${retries.length + 1}`,
        });
        retries.push(retry);
        return retry;
      },
      (retry) => [200, 422].includes(retry.status),
      { what: 'a retry to be answered with the outcome', timeoutMs: 180_000, everyMs: 1_000 },
    );
    expect(retries.filter((retry) => retry.status === 500 || retry.status === 0)).toEqual([]);
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({ status: 'success', message: '10000 items were imported' });

    // Nothing processed twice: only the first request's job ever ran, on either worker.
    const ran = deployment.workers.flatMap((worker) =>
      worker.lines
        .filter((line) => line.msg === 'job started' && line.job === 'ingest')
        .map((line) => line.requestId),
    );
    expect(new Set(ran)).toEqual(new Set(['retry-0']));
    await expectStoredExactlyOnce(deployment, contentType, items);
    expect(deployment.serverErrors()).toEqual([]);
  });
});

describe('a worker killed with SIGKILL while it writes chunks of a 10,000-item request', () => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.start({
      label: 'sigkill-chunks',
      env: {
        JOB_LOCK_MS: '3000',
        WAIT_TIMEOUT_MS: '120000',
        WORKER_CONCURRENCY: '2',
        CHUNK_SIZE: '1000',
      },
      // One worker at first: it takes the request and its first chunks, and is killed.
      workers: 1,
    });
  });

  afterAll(async () => {
    await deployment.close();
  });

  it('when it is killed, then another worker writes the chunks it held and every item is stored exactly once', async () => {
    const requestId = 'sigkill-chunks-1';
    const key = `sigkill-chunks-${randomUUID()}`;
    const { contentType, url } = await deployment.funnel();
    const items = makeItems(requestId, ITEMS);
    const headers = { 'Idempotency-Key': key, 'X-Request-Id': requestId };
    const answer = deployment.timed('POST', url, items, headers, 240_000);
    const victim = deployment.workers[0] as RunningProcess;
    const isChunkStart = (line: LogLine) =>
      line.msg === 'job started' && line.job === 'ingest-chunk' && line.requestId === requestId;
    await victim.waitForLog(isChunkStart, 60_000);
    expect(await victim.stop('SIGKILL')).toBeNull();
    // The chunk jobs it had started and not finished: written again by the next worker.
    const finishedThere = new Set(
      victim.lines.filter((line) => line.msg === 'job finished').map((line) => line.jobId),
    );
    const held = victim.lines
      .filter((line) => isChunkStart(line) && !finishedThere.has(line.jobId))
      .map((line) => line.jobId);
    expect(held.length).toBeGreaterThan(0);
    const survivor = await deployment.startWorker();

    let outcome: Timed = await answer;
    for (let retry = 0; retry < 3 && (outcome.status === 0 || outcome.status >= 500); retry++) {
      await sleep(1_000);
      outcome = await deployment.timed('POST', url, items, headers);
    }
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({ status: 'success', message: '10000 items were imported' });

    for (const jobId of held) {
      await survivor.waitForLog((line) => line.msg === 'job finished' && line.jobId === jobId);
    }
    const chunkJobs = new Set(
      [victim, survivor].flatMap((worker) =>
        worker.lines.filter(isChunkStart).map((line) => line.jobId),
      ),
    );
    expect(chunkJobs.size).toBe(ITEMS / 1_000);
    await expectStoredExactlyOnce(deployment, contentType, items);
    const record = await deployment.history(url, requestId);
    expect(record).toMatchObject({ status: 'success', httpStatus: 200, itemCount: ITEMS });
    expect(deployment.serverErrors()).toEqual([]);
  });
});
