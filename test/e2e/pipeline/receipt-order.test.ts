/**
 * Receipt order across API processes (docs/storage.md#receipt-order): requests take effect in the
 * order API processes accepted them, numbered by one counter in Redis, whatever the clocks of the
 * hosts say and however many arrive in one millisecond.
 */
import { startTestApi, type TestApi } from '../../support/api-harness';
import { requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';

const HOUR = 3_600_000;

describe('the receipt order of requests', () => {
  let p: Pipeline;
  /** A second API process of the same deployment, on a host whose clock is an hour ahead. */
  let ahead: TestApi;

  beforeAll(async () => {
    p = await startPipeline('receipt-order');
    ahead = await startTestApi('receipt-ahead', p.api.env, {
      clock: () => new Date(Date.now() + HOUR),
    });
  });
  afterAll(async () => {
    await ahead.close();
    await p.close();
  });

  const postVia = (api: TestApi, url: string, title: string) =>
    api.call('POST', `/api/v1/funnels/${url}`, { token: p.token, body: { sku: 'A-1', title } });

  it('when a host whose clock runs ahead accepted the first request, then the second still wins', async () => {
    const { url, contentType } = await p.scenario();
    expect((await postVia(ahead, url, 'accepted first')).status).toBe(200);
    const second = await postVia(p.api, url, 'accepted second');
    expect(second.status).toBe(200);

    expect((await p.item(contentType, 'A-1'))?.name).toBe('accepted second');
    const record = await p.history(url, requestIdOf(second));
    expect(Date.parse(record.receivedAt)).toBeLessThan(Date.now());
  });

  it('when a DELETE is accepted after a POST stamped an hour later, then the item is gone', async () => {
    const { url, contentType } = await p.scenario();
    expect((await postVia(ahead, url, 'written')).status).toBe(200);
    const deleted = await p.remove(url, { identifiers: ['A-1'] });
    expect(deleted.body.data?.deletedIds).toEqual(['A-1']);
    expect(await p.item(contentType, 'A-1')).toBeNull();
  });

  it('when many POSTs of one item arrive at once, then the last accepted wins and each has its own number', async () => {
    const { url, contentType } = await p.scenario();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => p.post(url, { sku: 'A-1', title: `request ${i}` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const records = await Promise.all(answers.map((answer) => p.history(url, requestIdOf(answer))));
    const sequences = records.map((record) => record.sequence ?? 0);
    expect(new Set(sequences).size).toBe(60);
    const last = records[sequences.indexOf(Math.max(...sequences))];
    const lastTitle = JSON.stringify(last?.payload).match(/request \d+/)?.[0];
    expect((await p.item(contentType, 'A-1'))?.name).toBe(lastTitle);
  });
});
