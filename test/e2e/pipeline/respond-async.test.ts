/**
 * `Prefer: respond-async`: 202 with Location at once; the history record goes queued, processing,
 * then final, and holds the same outcome a waiting caller would have got.
 */
import { waitUntil } from '../../support/wait-until';
import { requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';

describe('asynchronous requests', () => {
  let pipeline: Pipeline;

  beforeAll(async () => {
    pipeline = await startPipeline('async');
  });
  afterAll(() => pipeline.close());

  it('when a caller prefers respond-async, then 202 with Location, and the record ends as the outcome', async () => {
    const { url, contentType } = await pipeline.scenario();
    const response = await pipeline.post(url, [{ sku: 'AS-1', title: 'Async' }, { sku: 'AS-2' }], {
      headers: { Prefer: 'respond-async' },
    });
    expect(response.status).toBe(202);
    const requestId = requestIdOf(response);
    expect(response.body).toEqual({
      status: 'success',
      message: 'The request was accepted; its history record will show the outcome',
      data: { requestId, recordId: requestId },
    });
    expect(response.headers.get('location')).toBe(`/api/v1/funnels/${url}/history/${requestId}`);
    expect(response.headers.get('preference-applied')).toBe('respond-async');

    const record = await waitUntil(
      () => pipeline.history(url, requestId),
      (r) => r.status !== 'queued' && r.status !== 'processing',
      { what: 'the record to be final', timeoutMs: 15_000, everyMs: 50 },
    );
    expect(record).toMatchObject({
      status: 'error',
      httpStatus: 422,
      message:
        'Validation failed for 1 of 2 items; the 1 valid item was not written, as partial validation is off (it would have written it)',
      errors: { 'AS-2': { 'Product Name': 'This field is required' } },
    });
    expect(record.finishedAt).not.toBeNull();
    expect(await pipeline.item(contentType, 'AS-1')).toBeNull();
  });

  it("when a later request reuses the X-Request-Id, then Location still names the first one's record", async () => {
    const { url } = await pipeline.scenario();
    const headers = { 'X-Request-Id': 'async-reused' };
    const accepted = await pipeline.post(url, [{ sku: 'AR-1', title: 'First' }], {
      headers: { ...headers, Prefer: 'respond-async' },
    });
    expect(accepted.status).toBe(202);
    const location = accepted.headers.get('location') ?? '';
    const recordId = decodeURIComponent(location.slice(location.lastIndexOf('/') + 1));
    expect(accepted.body).toMatchObject({ data: { requestId: 'async-reused', recordId } });
    await waitUntil(
      () => pipeline.history(url, recordId),
      (r) => r.status === 'success',
      { what: 'the first request to succeed', timeoutMs: 15_000, everyMs: 50 },
    );
    const later = await pipeline.post(url, [{ sku: 'AR-2', title: 'Later' }], { headers });
    expect(later.status).toBe(200);
    expect(await pipeline.history(url, recordId)).toMatchObject({
      recordId,
      requestId: 'async-reused',
      successIds: ['AR-1'],
    });
  });

  it('when the record is read before a worker is done, then it says queued or processing', async () => {
    const { url } = await pipeline.scenario();
    const body = Array.from({ length: 2_000 }, (_, i) => ({ sku: `Q-${i}`, title: `Queued ${i}` }));
    const response = await pipeline.post(url, body, {
      headers: { Prefer: 'wait=1, respond-async' },
    });
    expect(response.status).toBe(202);
    const first = await pipeline.history(url, requestIdOf(response));
    expect(['queued', 'processing', 'success']).toContain(first.status);
    const seen = new Set<string>([first.status]);
    const last = await waitUntil(
      async () => {
        const record = await pipeline.history(url, requestIdOf(response));
        seen.add(record.status);
        return record;
      },
      (r) => r.status === 'success',
      { what: 'the record to succeed', timeoutMs: 30_000, everyMs: 50 },
    );
    expect(last).toMatchObject({ status: 'success', httpStatus: 200, itemCount: 2_000 });
    expect(seen.has('queued') || seen.has('processing')).toBe(true);
  });
});
