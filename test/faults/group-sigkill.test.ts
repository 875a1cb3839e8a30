/**
 * Faults: a worker killed with SIGKILL while it writes a group of requests (docs/request-groups.md).
 * The group's job stays locked until JOB_LOCK_MS passes; then the other worker runs the whole
 * group again. Its requests, still waiting, are answered; none is lost, none recorded twice, and
 * the items end as the last request received sent them, as if every request had run alone.
 */
import type { RunningProcess } from '../support/processes';
import { Deployment, eventually, makeItems, type Timed } from './support/deployment';
import { expectStoredExactlyOnce } from './support/stored-items';

const REQUESTS = 24;
const ITEMS = 150;

describe('a worker killed with SIGKILL while it writes a group of requests', () => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.start({
      label: 'sigkill-group',
      env: {
        JOB_LOCK_MS: '3000',
        WAIT_TIMEOUT_MS: '120000',
        WORKER_CONCURRENCY: '2',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
      workers: 2,
    });
  });

  afterAll(async () => {
    await deployment.close();
  });

  it('when it is killed, then another worker runs the group again and every request is answered, recorded and written once', async () => {
    const { contentType, url } = await deployment.funnel();
    // Every request writes the same items with contents of its own, so that a group writes them
    // request after request: long enough to be killed in.
    const bodies = Array.from({ length: REQUESTS }, (_, r) => makeItems('g', ITEMS, `v${r}`));
    const answers: Promise<Timed>[] = bodies.map((body, r) =>
      deployment.timed('POST', url, body, { 'X-Request-Id': `group-${r}` }, 240_000),
    );

    const { victim, jobId } = await Promise.race(
      deployment.workers.map((worker) =>
        worker
          .waitForLog((line) => line.msg === 'job started' && line.job === 'ingest-group', 60_000)
          .then((line) => ({ victim: worker, jobId: line.jobId })),
      ),
    );
    // In its write: the items hold more versions than the two requests that went alone gave them.
    const newest = async () =>
      Math.max(0, ...(await deployment.storedItems(contentType)).map((item) => item.version ?? 0));
    expect(await eventually(newest, (version) => version > 2, 60_000, 20)).toBeGreaterThan(2);
    expect(await victim.stop('SIGKILL')).toBeNull();
    expect(victim.lines.some((line) => line.msg === 'job finished' && line.jobId === jobId)).toBe(
      false,
    );
    const survivor = deployment.workers.find((worker) => worker !== victim) as RunningProcess;

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

    // The items as the last request received sent them, and at most one version per request: a
    // write made again with the content it left adds none. (Versions may differ between items:
    // the killed write had reached some of them when later requests wrote them all.)
    const last = records.reduce((a, b) => ((a.sequence ?? 0) > (b.sequence ?? 0) ? a : b));
    const lastSent = bodies[Number(last.requestId.replace('group-', ''))] ?? [];
    await expectStoredExactlyOnce(deployment, contentType, lastSent);
    const versions = (await deployment.storedItems(contentType)).map((item) => item.version ?? 0);
    expect(Math.max(...versions)).toBeLessThanOrEqual(REQUESTS);
    expect(deployment.serverErrors()).toEqual([]);
  });
});
