/**
 * Faults: a worker killed with SIGKILL while it writes a group of requests (docs/request-groups.md).
 * The group's job stays locked until JOB_LOCK_MS passes; then another worker runs the whole group
 * again. Its requests, still waiting, are answered; none is lost, none recorded twice, and the
 * items end as the last request received sent them, as if every request had run alone.
 *
 * The moment of the kill is caught, not guessed. The first worker runs one job at a time, and the
 * test pauses it (SIGSTOP) to look at it, again and again, until a look finds it in the middle of a
 * group's write: running a group job that holds the content type's write lock, so inside the
 * transaction of its writes (docs/storage.md#transactions), which the kill takes back whole. It is
 * killed there, still paused. Which job writes when is the workers' business (the API sends the
 * requests that wait as several groups), so no order of the writes is assumed.
 */
import type { LogLine, RunningProcess } from '../support/processes';
import { isWriteLockHeld } from '../support/held-write-lock';
import { testRedis } from '../support/test-env';
import { Deployment, makeItems, sleep, type Timed } from './support/deployment';
import { pause, resume } from './support/paused-process';
import { expectStoredExactlyOnce } from './support/stored-items';

const REQUESTS = 24;
const ITEMS = 150;

/** The group job the worker is running, from its log: started, neither finished nor failed. */
function runningGroupJob(lines: readonly LogLine[]): string | undefined {
  const ended = new Set(
    lines
      .filter((line) => line.msg === 'job finished' || line.msg === 'job failed')
      .map((line) => line.jobId),
  );
  return lines
    .filter((line) => line.msg === 'job started' && line.job === 'ingest-group')
    .map((line) => String(line.jobId))
    .find((jobId) => !ended.has(jobId));
}

/**
 * Pauses `worker` in the middle of a group job's write and returns that job's id, the worker left
 * paused: the job holds the content type's write lock (`writeLockHeld`), which only the worker's
 * one running job can.
 */
async function pauseInGroupWrite(
  worker: RunningProcess,
  writeLockHeld: () => Promise<boolean>,
  timeoutMs: number,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await pause(worker);
    const jobId = runningGroupJob(worker.lines);
    if (jobId && (await writeLockHeld())) return jobId;
    resume(worker);
    // Pacing between looks: the worker runs on meanwhile.
    await sleep(20);
  }
  throw new Error(`no look found ${worker.name} in a group's write\n${worker.describe()}`);
}

describe('a worker killed with SIGKILL while it writes a group of requests', () => {
  let deployment: Deployment;
  const redis = testRedis('group-sigkill');

  beforeAll(async () => {
    deployment = await Deployment.start({
      label: 'sigkill-group',
      env: {
        JOB_LOCK_MS: '3000',
        WAIT_TIMEOUT_MS: '120000',
        WORKER_CONCURRENCY: '2',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
      workers: 0,
    });
  });

  afterAll(async () => {
    redis.disconnect();
    await deployment.close();
  });

  it('when it is killed, then another worker runs the group again and every request is answered, recorded and written once', async () => {
    // One job at a time: whatever holds the write lock is the job the worker runs.
    const victim = await deployment.startWorker({ WORKER_CONCURRENCY: '1' });
    const { contentType, url } = await deployment.funnel();
    // Every request writes the same items with contents of its own, so that a group writes them
    // request after request: a write long enough to be caught in.
    const bodies = Array.from({ length: REQUESTS }, (_, r) => makeItems('g', ITEMS, `v${r}`));
    const answers: Promise<Timed>[] = bodies.map((body, r) =>
      deployment.timed('POST', url, body, { 'X-Request-Id': `group-${r}` }, 240_000),
    );

    const jobId = await pauseInGroupWrite(
      victim,
      () => isWriteLockHeld(redis, deployment.env, deployment.tenant, contentType),
      60_000,
    );
    expect(await victim.stop('SIGKILL')).toBeNull();
    expect(victim.lines.some((line) => line.msg === 'job finished' && line.jobId === jobId)).toBe(
      false,
    );
    const survivor = await deployment.startWorker();

    const outcomes = await Promise.all(answers);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(outcomes.map(() => 200));
    await survivor.waitForLog((line) => line.msg === 'job finished' && line.jobId === jobId);

    // One record per request, none twice.
    const records = await deployment.db.history
      .find({ tenant: deployment.tenant, endpointUrl: url })
      .toArray();
    expect(records.map((record) => record.requestId).sort()).toEqual(
      bodies.map((_, r) => `group-${r}`).sort(),
    );
    expect(records.every((record) => record.status === 'success')).toBe(true);

    // The items as the last request received sent them, and at most one version per request: the
    // killed write was taken back whole, and made again.
    const last = records.reduce((a, b) => ((a.sequence ?? 0) > (b.sequence ?? 0) ? a : b));
    const lastSent = bodies[Number(last.requestId.replace('group-', ''))] ?? [];
    await expectStoredExactlyOnce(deployment, contentType, lastSent);
    const versions = (await deployment.storedItems(contentType)).map((item) => item.version ?? 0);
    expect(Math.max(...versions)).toBeLessThanOrEqual(REQUESTS);
    expect(deployment.serverErrors()).toEqual([]);
  });
});
