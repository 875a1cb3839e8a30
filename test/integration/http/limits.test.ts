/**
 * `GET /limits`: the limits a sender is held to, as this API process is configured, for any
 * valid token whatever it may do; 401 without one.
 */
import { startTestApi, type TestApi } from '../../support/api-harness';

describe('the limits a client is told', () => {
  let api: TestApi;
  let owner: string;

  beforeAll(async () => {
    api = await startTestApi('limits', {
      MAX_ITEMS: '2500',
      MAX_BODY_BYTES: '4096',
      RATE_LIMIT_PER_MINUTE: '42',
      READ_RATE_LIMIT_PER_MINUTE: '420',
    });
    ({ token: owner } = await api.bootstrap('acme'));
  });
  afterAll(() => api.close());

  async function tokenWith(abilities: string[]): Promise<string> {
    const made = await api.call<{ token: string }>('POST', '/api/v1/settings/tokens', {
      token: owner,
      body: { name: `only ${abilities.join(' ')}`, abilities },
    });
    expect(made.status).toBe(201);
    return made.body.token;
  }

  it('when the owner asks, then the configured MAX_ITEMS, MAX_BODY_BYTES and both rate limits come back', async () => {
    const answer = await api.call('GET', '/api/v1/limits', { token: owner });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      maxItems: 2500,
      maxBodyBytes: 4096,
      rateLimitPerMinute: 42,
      readRateLimitPerMinute: 420,
    });
  });

  it.each([[['read']], [['create']], [['delete']]])(
    'when a token with only %j asks, then it gets the same limits',
    async (abilities) => {
      const answer = await api.call('GET', '/api/v1/limits', { token: await tokenWith(abilities) });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ maxItems: 2500 });
    },
  );

  it('when no or a bad token asks, then 401 with the Bearer challenge', async () => {
    for (const token of [undefined, 'x.y.z']) {
      const answer = await api.call('GET', '/api/v1/limits', { token });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toContain('invalid_token');
      expect(answer.body).toMatchObject({ status: 'error' });
    }
  });

  it('then the OpenAPI document describes it, with its schema and the 401 and 503 answers', async () => {
    const { body } = await api.call<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { required?: string[] }> };
    }>('GET', '/api/v1/openapi.json');
    const responses = Object.keys(body.paths['/api/v1/limits']?.get?.responses ?? {});
    expect(responses).toEqual(expect.arrayContaining(['200', '401', '503']));
    expect(body.components.schemas.Limits?.required?.sort()).toEqual([
      'maxBodyBytes',
      'maxItems',
      'rateLimitPerMinute',
      'readRateLimitPerMinute',
    ]);
  });
});
