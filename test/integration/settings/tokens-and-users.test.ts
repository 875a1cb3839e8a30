import { startTestApi, type TestApi } from '../../support/api-harness';

describe('settings: users and tokens', () => {
  let api: TestApi;
  let owner: string;

  beforeAll(async () => {
    api = await startTestApi('users-tokens');
    ({ token: owner } = await api.bootstrap('acme'));
  });
  afterAll(() => api.close());

  it('when a user is created, then it is listed and readable', async () => {
    const created = await api.call('POST', '/api/v1/settings/users', {
      token: owner,
      body: { email: 'Dev@Acme.test', name: 'Dev', permissions: ['manage_funnels'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: 'dev@acme.test',
      name: 'Dev',
      permissions: ['manage_funnels'],
      active: true,
    });
    const listed = await api.call<{ items: { id: string }[] }>('GET', '/api/v1/settings/users', {
      token: owner,
    });
    expect(listed.body.items.map((user) => user.id)).toContain(created.body.id);
  });

  it('when the same email is used twice, then 409 names the field', async () => {
    const body = { email: 'twice@acme.test', permissions: [] };
    await api.call('POST', '/api/v1/settings/users', { token: owner, body });
    const again = await api.call('POST', '/api/v1/settings/users', { token: owner, body });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 'error', errors: { email: expect.any(String) } });
  });

  it('when a user body is bad, then 422 names each bad field', async () => {
    const response = await api.call('POST', '/api/v1/settings/users', {
      token: owner,
      body: { email: 'not-an-email', permissions: ['fly'], extra: 1 },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors as object).sort()).toEqual([
      '_body',
      'email',
      'permissions.0',
    ]);
  });

  it('when a token is created, then its string is shown once and the list holds no secret', async () => {
    const created = await api.call<Record<string, unknown>>('POST', '/api/v1/settings/tokens', {
      token: owner,
      body: { name: 'erp', abilities: ['create', 'read'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.token).toEqual(expect.any(String));
    const listed = await api.call('GET', '/api/v1/settings/tokens', { token: owner });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token as string);
    const works = await api.call('GET', '/api/v1/settings/tokens', {
      token: created.body.token as string,
    });
    expect(works.status).toBe(200);
  });
});
