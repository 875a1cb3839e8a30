/**
 * Faults: workers killed with SIGKILL in the middle of a re-drive (docs/api-behaviour.md#re-drive).
 * First the worker running one of the requests the re-drive sent, as it starts it: the request
 * was queued and not counted, the point where a re-drive that kept no step would send it again.
 * Then the worker that runs the re-drive's own job, as it takes its next step. Each time another
 * worker takes the jobs up after JOB_LOCK_MS; the re-drive finishes with every failed request
 * sent once, in receipt order, and counted once.
 */
import type { RedriveView } from '../../core/redrives/redrive';
import type { RunningProcess } from '../support/processes';
import { waitUntil } from '../support/wait-until';
import { Deployment, FUNNEL_MAPPINGS } from './support/deployment';

const FAILED = 30;
const REDRIVE_REQUEST = 'redrive-under-kill';

describe('workers killed with SIGKILL in the middle of a re-drive', () => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.start({
      label: 'redrive-sigkill',
      env: { JOB_LOCK_MS: '3000', WORKER_CONCURRENCY: '2' },
      workers: 2,
    });
  });
  afterAll(async () => {
    await deployment.close();
  });

  const readRedrive = async (location: string) =>
    (await deployment.call<RedriveView>('GET', location)).body;

  /** Kills the worker that starts a job of the re-drive (`job`) next, and starts another. */
  async function killWhenStarting(job: 'ingest' | 'redrive'): Promise<RunningProcess> {
    const seen = new Map(deployment.workers.map((worker) => [worker, worker.lines.length]));
    const victim = await Promise.race(
      deployment.workers.map((worker) =>
        worker
          .waitForLog(
            (line) =>
              line.msg === 'job started' &&
              line.job === job &&
              line.requestId === REDRIVE_REQUEST &&
              worker.lines.indexOf(line) >= (seen.get(worker) ?? 0),
            60_000,
          )
          .then(() => worker),
      ),
    );
    expect(await victim.stop('SIGKILL')).toBeNull();
    deployment.workers.splice(deployment.workers.indexOf(victim), 1);
    await deployment.startWorker();
    return victim;
  }

  it('when the workers running its requests and its job are killed, then every failed request is sent once, in receipt order, and counted once', async () => {
    const { contentType, url } = await deployment.funnel();
    // `price` is a number: a text there fails the request, until `cost` is mapped to it.
    const originals: string[] = [];
    for (let at = 0; at < FAILED; at++) {
      const sent = await deployment.call('POST', `/api/v1/funnels/${url}`, {
        body: [{ sku: `K-${at % 7}`, title: 'Killed', price: 'n/a', cost: at }],
      });
      expect(sent.status).toBe(422);
      originals.push(sent.headers.get('x-request-id') ?? '');
    }
    const fixed = await deployment.call('PATCH', `/api/v1/settings/funnels/${url}`, {
      body: {
        mappings: [
          ...FUNNEL_MAPPINGS.filter((mapping) => mapping.source !== 'price'),
          { source: 'cost', target: { property: 'price' } },
        ],
      },
    });
    expect(fixed.status).toBe(200);
    const first = await deployment.history(url, originals[0] ?? '');

    const asked = await deployment.call<RedriveView>('POST', `/api/v1/funnels/${url}/redrives`, {
      body: { since: first?.receivedAt },
      headers: { 'X-Request-Id': REDRIVE_REQUEST },
    });
    expect(asked.status).toBe(202);
    const location = asked.headers.get('location') ?? '';

    await waitUntil(
      () => readRedrive(location),
      (redrive) => redrive.sent >= 3,
      { what: 'three requests re-driven', timeoutMs: 60_000 },
    );
    await killWhenStarting('ingest');
    await waitUntil(
      () => readRedrive(location),
      (redrive) => redrive.sent >= 12,
      { what: 'twelve requests re-driven', timeoutMs: 60_000 },
    );
    await killWhenStarting('redrive');

    const done = await waitUntil(
      () => readRedrive(location),
      (redrive) => redrive.state !== 'queued' && redrive.state !== 'running',
      { what: 'the re-drive to end', timeoutMs: 180_000 },
    );
    expect(done).toMatchObject({
      state: 'finished',
      total: FAILED,
      sent: FAILED,
      succeeded: FAILED,
      failed: 0,
      skipped: 0,
    });

    // One record per failed request, none twice, in the order the originals were received.
    const records = await deployment.db.history
      .find({ tenant: deployment.tenant, redriveId: done.redriveId })
      .sort({ sequence: 1 })
      .toArray();
    const originalRecords = await deployment.db.history
      .find({ tenant: deployment.tenant, requestId: { $in: originals } })
      .sort({ sequence: 1 })
      .toArray();
    expect(records.map((record) => record.replayOf)).toEqual(
      originalRecords.map((record) => record.recordId),
    );
    expect(records.every((record) => record.status === 'success')).toBe(true);
    // The last received of each identifier wins, as it did when they were sent.
    const items = await deployment.storedItems(contentType);
    const prices = Object.fromEntries(
      items.map((item) => [item.identifier, item.properties.price]),
    );
    const expected = Object.fromEntries(
      Array.from({ length: FAILED }, (_, at) => [`K-${at % 7}`, at]),
    );
    expect(prices).toEqual(expected);
  });
});
