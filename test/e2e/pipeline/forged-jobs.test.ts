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
        recordId: 'forged-1',
        tenant: other,
        endpointUrl: url,
        funnelId: 'forged',
        method: 'POST',
        receivedAt: new Date().toISOString(),
        sequence: 1,
        tokenId: null,
        dryRun: true,
        payloadKey: bodyOfA,
        bodyFormat: 'json',
      },
      { timeoutMs: 20_000, jobId: 'forged-job-1' },
    );

    await expect(run).rejects.toThrow(JobFailedError);
    await expect(run).rejects.toThrow(/names a body of another request/);
    const job = await queue.queues.of(other).getJob('forged-job-1');
    expect(job?.attemptsMade).toBe(1);
    expect(await p.api.context.db.history.countDocuments({ requestId: 'forged-1' })).toBe(0);
    expect(await p.api.context.db.items.countDocuments({ contentType })).toBe(0);
    expect(await queue.payloads.get(bodyOfA)).not.toBeNull();
  });

  it("when a group job's member names a body of another request, then the group fails and nothing is written or recorded", async () => {
    const { url, contentType } = await p.scenario();
    const { queue } = p.api.context;
    const bodyOfA = queue.payloads.keyFor({ tenant: 'acme', endpointUrl: url }, 'request-of-a2');
    await queue.payloads.put(bodyOfA, Buffer.from('{"sku":"SECRET-2","title":"of A"}'));
    const member = (requestId: string, payloadKey: string) => ({
      requestId,
      recordId: requestId,
      tenant: 'acme',
      endpointUrl: url,
      funnelId: 'forged',
      method: 'POST' as const,
      receivedAt: new Date().toISOString(),
      sequence: 1,
      tokenId: null,
      dryRun: false,
      payloadKey,
      bodyFormat: 'json' as const,
    });
    const ownKey = queue.payloads.keyFor({ tenant: 'acme', endpointUrl: url }, 'forged-group-m0');
    await queue.payloads.put(ownKey, Buffer.from('{"sku":"OWN-1","title":"own"}'));

    const run = queue.run(
      'ingest-group',
      {
        requestId: 'forged-group',
        tenant: 'acme',
        endpointUrl: url,
        funnelId: 'forged',
        members: [member('forged-m0', ownKey), member('forged-m1', bodyOfA)],
      },
      { timeoutMs: 20_000, jobId: 'forged-group' },
    );

    await expect(run).rejects.toThrow(/names a body of another request/);
    const job = await queue.queues.of('acme').getJob('forged-group');
    expect(job?.attemptsMade).toBe(1);
    expect(await p.api.context.db.history.countDocuments({ requestId: /^forged-m/ })).toBe(0);
    expect(await p.api.context.db.items.countDocuments({ contentType })).toBe(0);
  });
});
