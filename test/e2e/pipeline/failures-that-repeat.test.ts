/**
 * A job that fails on an error its input would repeat is tried once, not five times
 * (core/ingest/failure-kind.ts, docs/storage.md#jobs-that-give-up): a funnel request still ends
 * with an answer and a history record; any other job fails for good at once. Failures that may
 * pass (an engine away) are still retried: test/faults/mongo-outage.test.ts and
 * test/faults/redis-outage.test.ts.
 */
import { startPipeline, requestIdOf, type Pipeline } from './pipeline-fixture';
import { requestJob } from './request-job';
import { waitUntil } from '../../support/wait-until';

describe('jobs that would fail the same way again', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('failures-that-repeat');
  });
  afterAll(() => p.close());

  it('when mapping code throws a TypeError (a funnel document broken in the database), then the request is tried once, answered 500, and recorded', async () => {
    const { url } = await p.scenario();
    // What no settings route would save: a mapping without its source path.
    const broken = await p.api.context.db.funnels.updateOne(
      { tenant: 'acme', endpointUrl: url },
      { $unset: { 'mappings.1.source': '' } },
    );
    expect(broken.modifiedCount).toBe(1);

    const response = await p.post(url, { sku: 'A-1', title: 'Shoe' });

    expect(response.status).toBe(500);
    const message =
      'The request failed in 1 attempt on an internal error that would fail the same way ' +
      'again, so it was not tried again; its request id finds it in the logs';
    expect(response.body.message).toBe(message);
    const requestId = requestIdOf(response);
    expect((await requestJob(p, requestId)).attemptsMade).toBe(1);
    const gaveUp = p.worker.lines.find(
      (line) => line.requestId === requestId && line.msg === 'job gave up',
    );
    expect(gaveUp).toMatchObject({ failure: 'fails-again', err: { type: 'TypeError' } });
    const recorded = await waitUntil(
      () => p.api.context.db.history.findOne({ requestId }),
      (record) => record !== null,
      { what: 'the history record of the request that gave up' },
    );
    expect(recorded).toMatchObject({ status: 'error', httpStatus: 500, message });
  });

  it('when a job’s data breaks its schema (a job added by hand), then it fails for good after one attempt', async () => {
    // A funnel request's job whose tenant is no string and which lacks the rest of its data: it
    // goes to the queue of jobs of no tenant.
    const queue = p.api.context.queue.queues.of(undefined);
    const job = await queue.add('ingest', {
      requestId: 'hand-made',
      tenant: 42,
    });

    const failed = await waitUntil(
      async () => ({
        state: await job.getState(),
        job: await queue.getJob(job.id ?? ''),
      }),
      ({ state }) => state === 'failed',
      { what: 'the hand-made job to fail', describe: ({ state }) => state },
    );
    expect(failed.job?.attemptsMade).toBe(1);
    expect(failed.job?.failedReason).toMatch(/tenant/);
    const failure = p.worker.lines.find(
      (line) => line.jobId === job.id && line.msg === 'job failed',
    );
    expect(failure).toMatchObject({ job: 'ingest', failure: 'fails-again' });
  });
});
