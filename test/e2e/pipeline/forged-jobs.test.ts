/**
 * A job whose data names another tenant's body (a dashboard edit, a job added by hand) fails
 * without running: the body is not read into the forger's history, nor written as their items.
 */
import { JobFailedError } from '../../../core/queue/funnel-queue';
import { startPipeline, type Pipeline } from './pipeline-fixture';

describe('jobs whose data was changed after the API queued them', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('forged-jobs');
  });
  afterAll(() => p.close());

  it("when a job of tenant B names tenant A's stored body, then it fails and nothing is written or recorded", async () => {
    const { url, contentType } = await p.scenario();
    const { queue } = p.api.context;
    const bodyOfA = queue.payloads.keyFor({ tenant: 'acme', endpointUrl: url }, 'request-of-a');
    await queue.payloads.put(bodyOfA, Buffer.from('{"sku":"SECRET-1","title":"of A"}'));
    const { tenant: other } = await p.api.bootstrap('other');

    const run = queue.run(
      'ingest',
      {
        requestId: 'forged-1',
        tenant: other,
        endpointUrl: url,
        method: 'POST',
        receivedAt: new Date().toISOString(),
        tokenId: null,
        dryRun: true,
        payloadKey: bodyOfA,
      },
      { timeoutMs: 20_000, jobId: 'forged-job-1' },
    );

    await expect(run).rejects.toThrow(JobFailedError);
    await expect(run).rejects.toThrow(/names a body of another request/);
    const job = await queue.bullQueue.getJob('forged-job-1');
    expect(job?.attemptsMade).toBe(1);
    expect(await p.api.context.db.history.countDocuments({ requestId: 'forged-1' })).toBe(0);
    expect(await p.api.context.db.items.countDocuments({ contentType })).toBe(0);
    expect(await queue.payloads.get(bodyOfA)).not.toBeNull();
  });
});
