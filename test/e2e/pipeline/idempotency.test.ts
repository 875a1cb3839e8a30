/**
 * Idempotency-Key (docs/api-behaviour.md#idempotency-key): a repeat with the same key and body gets
 * the first answer again, with Idempotent-Replayed: true, and nothing is processed twice, also on
 * another API process and while the first is still in flight; the same key with another body is
 * 422.
 */
import { call } from '../../support/api-harness';
import { startProcess, type RunningProcess } from '../../support/processes';
import { startPipeline, type Pipeline } from './pipeline-fixture';

describe('Idempotency-Key', () => {
  let pipeline: Pipeline;
  let secondApi: RunningProcess;

  beforeAll(async () => {
    pipeline = await startPipeline('idempotency');
    secondApi = await startProcess('api', pipeline.api.env);
  });
  afterAll(async () => {
    await secondApi.stop();
    await pipeline.close();
  });

  const historyCount = async () => pipeline.api.context.db.history.countDocuments({});

  it('when a request is repeated with the same key and body, then the first answer comes back and nothing runs twice', async () => {
    const { url } = await pipeline.scenario();
    const body = [{ sku: 'I-1', title: 'Once' }];
    const headers = { 'Idempotency-Key': 'order-42' };
    const first = await pipeline.post(url, body, { headers });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const before = await historyCount();

    const again = await pipeline.post(url, body, { headers });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await historyCount()).toBe(before);
  });

  it('when the repeat reaches another API process, then it is replayed there too', async () => {
    const { url } = await pipeline.scenario();
    const body = [{ sku: 'I-2', title: 'Twice' }];
    const headers = { 'Idempotency-Key': 'cross-process' };
    const first = await pipeline.post(url, body, { headers });
    const again = await call(secondApi.baseUrl, 'POST', `/api/v1/funnels/${url}`, {
      token: pipeline.token,
      body,
      headers,
    });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('when the same key comes with another body, then 422 and nothing is written', async () => {
    const { url, contentType } = await pipeline.scenario();
    const headers = { 'Idempotency-Key': 'reused' };
    await pipeline.post(url, [{ sku: 'I-3', title: 'First' }], { headers });
    const other = await pipeline.post(url, [{ sku: 'I-4', title: 'Other' }], { headers });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      status: 'error',
      message: 'This Idempotency-Key was already used with another request body',
      errors: { _request: { 'Idempotency-Key': 'Used before with another body' } },
    });
    expect(await pipeline.item(contentType, 'I-4')).toBeNull();
  });

  it('when the repeat arrives while the first is still in flight, then it waits for that job instead of running its own', async () => {
    const { url } = await pipeline.scenario();
    const body = Array.from({ length: 500 }, (_, i) => ({
      sku: `F-${i}`,
      title: `In flight ${i}`,
    }));
    const headers = { 'Idempotency-Key': 'in-flight' };
    const [first, second] = await Promise.all([
      pipeline.post(url, body, { headers }),
      call<unknown>(secondApi.baseUrl, 'POST', `/api/v1/funnels/${url}`, {
        token: pipeline.token,
        body,
        headers,
      }),
    ]);
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    const replays = [first, second].filter((r) => r.headers.get('idempotent-replayed') === 'true');
    expect(replays).toHaveLength(1);
    // One request, one history record (written before either answer)...
    expect(await pipeline.api.context.db.history.countDocuments({ endpointUrl: url })).toBe(1);
    // ...and one job: its log line comes just after its completion, so it is waited for.
    const done = (line: { msg?: unknown; funnel?: unknown }) =>
      line.msg === 'funnel request done' && line.funnel === url;
    await pipeline.worker.waitForLog(done);
    expect(pipeline.worker.lines.filter(done)).toHaveLength(1);
  });

  it('when the key is not printable ASCII, then 400', async () => {
    const { url } = await pipeline.scenario();
    const response = await pipeline.post(url, [{ sku: 'I-5', title: 'x' }], {
      headers: { 'Idempotency-Key': 'has space' },
    });
    expect(response.status).toBe(400);
  });
});
