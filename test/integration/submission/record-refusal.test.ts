/**
 * The trace a funnel request the API refused leaves (core/submission/record-refusal.ts), on real
 * engines: a history record of its funnel, a count for a 429, nothing for a caller the funnel
 * does not know or a funnel that does not exist.
 */
import { HistoryRepository } from '../../../core/history/history.repository';
import { RateLimitedCounts } from '../../../core/redis/rate-limited-counts';
import { recordRefusal, type RefusalServices } from '../../../core/submission/record-refusal';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { setUpFunnel } from '../../support/queued-requests';

describe('recording a refused funnel request', () => {
  let api: TestApi;
  let history: HistoryRepository;
  let rateLimited: RateLimitedCounts;
  let services: RefusalServices;
  let funnelId: string;
  let counter = 0;

  beforeAll(async () => {
    api = await startTestApi('record-refusal');
    ({ funnelId } = await setUpFunnel(api, {
      tenant: 'acme',
      contentType: 'products',
      endpointUrl: 'erp',
    }));
    const { context } = api;
    history = new HistoryRepository(context.db);
    rateLimited = new RateLimitedCounts(context.queue.redis, context.queue.keys);
    services = { funnels: context.funnels, history, rateLimited, historyTtlDays: 30 };
  });
  afterAll(() => api.close());

  /** A refused request to `endpointUrl`, and whether the funnel was reported found. */
  async function refuse(status: number, body: string, endpointUrl = 'erp') {
    const recordId = `refused-${++counter}`;
    const request = {
      requestId: recordId,
      recordId,
      tenant: 'acme',
      endpointUrl,
      method: 'POST' as const,
      receivedAt: new Date().toISOString(),
      sequence: counter,
      tokenId: null,
      dryRun: false,
      bodyFormat: 'json' as const,
    };
    let found = false;
    const refusal = { status, message: `Refused with ${status}`, body: Buffer.from(body) };
    await recordRefusal(request, refusal, services, () => (found = true));
    return { found, record: await history.find('acme', recordId) };
  }

  it('when a body was read and refused (400), then the record keeps it', async () => {
    const { found, record } = await refuse(400, '{"sku": ');
    expect(found).toBe(true);
    expect(record).toMatchObject({
      funnelId,
      status: 'error',
      httpStatus: 400,
      message: 'Refused with 400',
      payload: '{"sku": ',
    });
  });

  it('when the body was not taken (413, 415), then the record keeps none of it', async () => {
    for (const status of [413, 415]) {
      const { record } = await refuse(status, '[{"sku": "A-1"}]');
      expect(record).toMatchObject({ funnelId, httpStatus: status, payload: '' });
    }
  });

  it('when the rate limit refused it (429), then it is counted, not recorded', async () => {
    const before = await rateLimited.lastDay('acme', funnelId);
    const { found, record } = await refuse(429, '[]');
    expect(found).toBe(true);
    expect(record).toBeNull();
    expect(await rateLimited.lastDay('acme', funnelId)).toBe(before + 1);
  });

  it('when the caller may not send it (401, 403), then it leaves no trace', async () => {
    for (const status of [401, 403]) {
      expect(await refuse(status, '[]')).toEqual({ found: false, record: null });
    }
  });

  it('when its funnel does not exist, then it leaves no trace', async () => {
    expect(await refuse(400, '[]', 'no-such-funnel')).toEqual({ found: false, record: null });
  });
});
