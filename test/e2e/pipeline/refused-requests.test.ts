/**
 * Every authenticated request to a funnel that exists leaves a history record, whatever its
 * outcome (docs/api-behaviour.md#the-history-record): the ones the API refuses itself too, so
 * that "why did my sync not arrive" has an answer in the service. A body that is not JSON keeps
 * what came; one too large or of another media type keeps nothing. A request refused by the rate
 * limit is counted on the funnel's history instead, so that a flood cannot fill it.
 */
import { startPipeline, type Pipeline, type Scenario } from './pipeline-fixture';

interface HistoryPage {
  items: { recordId: string; status: string; httpStatus: number; message: string }[];
  rateLimited: { lastDay: number };
}

describe('requests the API refuses', () => {
  let p: Pipeline;
  let scenario: Scenario;

  beforeAll(async () => {
    p = await startPipeline('refused', { MAX_BODY_BYTES: '2048', RATE_LIMIT_PER_MINUTE: '12' });
    scenario = await p.scenario();
  });
  afterAll(() => p.close());

  const send = (body: string, headers: Record<string, string>, query = '') =>
    p.api.call<{ message: string }>('POST', `/api/v1/funnels/${scenario.url}${query}`, {
      token: p.token,
      rawBody: body,
      headers: { 'X-Request-Id': `refused-${Math.random()}`, ...headers },
    });
  const recordOf = async (answer: { headers: Headers }) =>
    p.history(scenario.url, answer.headers.get('x-request-id')!);

  it('when the body is not valid JSON, then the 400 is recorded with the body as it came', async () => {
    const answer = await send('{"sku": "A-1", oops', { 'Content-Type': 'application/json' });
    expect(answer.status).toBe(400);
    const record = await recordOf(answer);
    expect(record).toMatchObject({
      status: 'error',
      httpStatus: 400,
      message: answer.body.message,
      itemCount: 0,
      payload: '{"sku": "A-1", oops',
    });
  });

  it('when a line of an NDJSON body is not JSON, then the 400 is recorded naming the line', async () => {
    const answer = await send('{"sku":"A-1"}\nnot json\n', {
      'Content-Type': 'application/x-ndjson',
    });
    expect(answer.status).toBe(400);
    expect(await recordOf(answer)).toMatchObject({
      httpStatus: 400,
      message: expect.stringContaining('Line 2'),
    });
  });

  it('when the body is too large, then the 413 is recorded without it', async () => {
    const big = JSON.stringify([{ sku: 'A', title: 'x'.repeat(4_000) }]);
    const answer = await send(big, { 'Content-Type': 'application/json' });
    expect(answer.status).toBe(413);
    expect(await recordOf(answer)).toMatchObject({ httpStatus: 413, payload: null });
  });

  it('when the body is of another media type, then the 415 is recorded without it', async () => {
    const answer = await send('sku=A-1', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(answer.status).toBe(415);
    expect(await recordOf(answer)).toMatchObject({ httpStatus: 415, payload: null });
  });

  it('when a query parameter is refused, then the 400 is recorded', async () => {
    const answer = await send(
      '{"sku":"A-1","title":"x"}',
      { 'Content-Type': 'application/json' },
      '?dryRun=1',
    );
    expect(answer.status).toBe(400);
    expect(await recordOf(answer)).toMatchObject({ httpStatus: 400, dryRun: false });
  });

  it('when the funnel is inactive, then the refusal is recorded', async () => {
    const inactive = await p.scenario({ active: false });
    const answer = await p.post(inactive.url, { sku: 'A-1', title: 'x' });
    expect(answer.status).toBe(422);
    const record = await p.history(inactive.url, answer.headers.get('x-request-id')!);
    expect(record).toMatchObject({ status: 'error', httpStatus: 422 });
  });

  it('when the funnel does not exist, or the token is not valid, then nothing is recorded', async () => {
    const unknown = await p.api.call('POST', '/api/v1/funnels/no-such-funnel', {
      token: p.token,
      body: { sku: 'A-1' },
    });
    expect(unknown.status).toBe(404);
    const forged = await p.api.call('POST', `/api/v1/funnels/${scenario.url}`, {
      token: 'not-a-token',
      body: { sku: 'A-1' },
      headers: { 'X-Request-Id': 'forged-token' },
    });
    expect(forged.status).toBe(401);
    const listed = await p.api.call<HistoryPage>(
      'GET',
      `/api/v1/funnels/${scenario.url}/history?requestId=forged-token`,
      { token: p.token },
    );
    expect(listed.body.items).toEqual([]);
  });

  it('when the rate limit refuses requests, then they are counted on the history, not recorded', async () => {
    const limited = await p.scenario();
    const answers = [];
    // The limit is per token and minute: the tests before used some of it.
    for (let i = 0; i < 14; i += 1)
      answers.push(await p.post(limited.url, { sku: `R-${i}`, title: 'x' }));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    const page = await p.api.call<HistoryPage>('GET', `/api/v1/funnels/${limited.url}/history`, {
      token: p.token,
    });
    expect(page.status).toBe(200);
    expect(page.body.items.every((item) => item.httpStatus !== 429)).toBe(true);
    expect(page.body.items).toHaveLength(answers.length - refused.length);
    expect(page.body.rateLimited).toEqual({ lastDay: refused.length });
  });
});
