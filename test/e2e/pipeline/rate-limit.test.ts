/**
 * The per-token rate limit (RATE_LIMIT_PER_MINUTE), kept in Redis: it holds across API processes,
 * and over it the answer is 429 with Retry-After.
 */
import { call } from '../../support/api-harness';
import { startProcess, type RunningProcess } from '../../support/processes';
import { startPipeline, type Pipeline } from './pipeline-fixture';

describe('rate limit per token', () => {
  let pipeline: Pipeline;
  let secondApi: RunningProcess;

  beforeAll(async () => {
    pipeline = await startPipeline('ratelimit', { RATE_LIMIT_PER_MINUTE: '5' });
    secondApi = await startProcess('api', { ...pipeline.api.env, RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(async () => {
    await secondApi.stop();
    await pipeline.close();
  });

  it('when a token goes over its limit across two API processes, then 429 with Retry-After', async () => {
    const { url } = await pipeline.scenario();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await pipeline.post(url, [{ sku: `R-${i}`, title: 'r' }])).status);
    for (let i = 3; i < 5; i++) {
      const response = await call(secondApi.baseUrl, 'POST', `/api/v1/funnels/${url}`, {
        token: pipeline.token,
        body: [{ sku: `R-${i}`, title: 'r' }],
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const over = await pipeline.post(url, [{ sku: 'R-over', title: 'r' }]);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(over.body).toEqual({
      status: 'error',
      message: expect.stringMatching(/^Rate limit of 5 requests per minute reached/),
    });
  });
});
