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

describe('settings: nobody grants what they do not hold', () => {
  let api: TestApi;
  let owner: { token: string; userId: string };

  beforeAll(async () => {
    api = await startTestApi('grants');
    owner = await api.bootstrap('acme');
  });
  afterAll(() => api.close());

  let made = 0;
  /** A user with `permissions` and a token of theirs with `abilities`, made by the owner. */
  async function caller(permissions: string[], abilities: string[]) {
    made += 1;
    const user = await api.call<{ id: string }>('POST', '/api/v1/settings/users', {
      token: owner.token,
      body: { email: `caller-${made}@acme.test`, permissions },
    });
    expect(user.status).toBe(201);
    const token = await api.call<{ token: string }>('POST', '/api/v1/settings/tokens', {
      token: owner.token,
      body: { name: `caller-${made}`, abilities, userId: user.body.id },
    });
    expect(token.status).toBe(201);
    return { userId: user.body.id, token: token.body.token };
  }

  it('when a token with only "create" asks for a token with all four abilities, then 403 names the ones it lacks', async () => {
    const creator = await caller(['manage_settings'], ['create']);
    const response = await api.call('POST', '/api/v1/settings/tokens', {
      token: creator.token,
      body: { name: 'all', abilities: ['read', 'create', 'update', 'delete'] },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      status: 'error',
      message:
        'Cannot grant the "read", "update", "delete" abilities: the calling token does not hold them',
    });
    const listed = await api.call<{ items: { name: string }[] }>('GET', '/api/v1/settings/tokens', {
      token: owner.token,
    });
    expect(listed.body.items.map((token) => token.name)).not.toContain('all');
    const within = await api.call('POST', '/api/v1/settings/tokens', {
      token: creator.token,
      body: { name: 'within', abilities: ['create'] },
    });
    expect(within.status).toBe(201);
  });

  it('when a user with only manage_settings creates a user with both permissions, then 403 names manage_funnels', async () => {
    const creator = await caller(['manage_settings'], ['read', 'create', 'update', 'delete']);
    const response = await api.call('POST', '/api/v1/settings/users', {
      token: creator.token,
      body: { email: 'both@acme.test', permissions: ['manage_funnels', 'manage_settings'] },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Cannot grant the "manage_funnels" permission: the calling user does not hold it',
    });
    const listed = await api.call<{ items: { email: string }[] }>('GET', '/api/v1/settings/users', {
      token: owner.token,
    });
    expect(listed.body.items.map((user) => user.email)).not.toContain('both@acme.test');
    const within = await api.call('POST', '/api/v1/settings/users', {
      token: creator.token,
      body: { email: 'settings-only@acme.test', permissions: ['manage_settings'] },
    });
    expect(within.status).toBe(201);
  });

  it('when a user with only manage_settings PATCHes permissions it lacks onto a user or itself, then 403 and nothing changes', async () => {
    const creator = await caller(['manage_settings'], ['read', 'create', 'update', 'delete']);
    const other = await caller([], ['read']);
    for (const target of [other.userId, creator.userId]) {
      const response = await api.call('PATCH', `/api/v1/settings/users/${target}`, {
        token: creator.token,
        body: { permissions: ['manage_funnels', 'manage_settings'] },
      });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({
        message: 'Cannot grant the "manage_funnels" permission: the calling user does not hold it',
      });
      const stored = await api.call<{ permissions: string[] }>(
        'GET',
        `/api/v1/settings/users/${target}`,
        { token: owner.token },
      );
      expect(stored.body.permissions).not.toContain('manage_funnels');
    }
    const within = await api.call('PATCH', `/api/v1/settings/users/${other.userId}`, {
      token: creator.token,
      body: { permissions: ['manage_settings'], name: 'Other' },
    });
    expect(within.status).toBe(200);
  });

  it('when a user with only manage_settings makes a token for a user with more permissions (the owner), then 403', async () => {
    const creator = await caller(['manage_settings'], ['read', 'create', 'update', 'delete']);
    const response = await api.call('POST', '/api/v1/settings/tokens', {
      token: creator.token,
      body: { name: 'owner-token', abilities: ['read'], userId: owner.userId },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      status: 'error',
      message:
        'Cannot make a token for this user: it holds the "manage_funnels" permission, which the calling user does not',
    });
  });

  it('when a token is made for another user, then its abilities are bounded by the calling token too', async () => {
    const creator = await caller(['manage_settings'], ['read', 'create']);
    const target = await caller(['manage_settings'], ['read']);
    const refused = await api.call('POST', '/api/v1/settings/tokens', {
      token: creator.token,
      body: { name: 'for-target', abilities: ['read', 'delete'], userId: target.userId },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'Cannot grant the "delete" ability: the calling token does not hold it',
    });
    const within = await api.call<{ token: string }>('POST', '/api/v1/settings/tokens', {
      token: creator.token,
      body: { name: 'for-target', abilities: ['read', 'create'], userId: target.userId },
    });
    expect(within.status).toBe(201);
    const works = await api.call('GET', '/api/v1/settings/users', { token: within.body.token });
    expect(works.status).toBe(200);
  });

  it('when the owner (both permissions, all abilities) grants anything, then it is allowed', async () => {
    const user = await api.call<{ id: string }>('POST', '/api/v1/settings/users', {
      token: owner.token,
      body: { email: 'full@acme.test', permissions: ['manage_funnels', 'manage_settings'] },
    });
    expect(user.status).toBe(201);
    const token = await api.call('POST', '/api/v1/settings/tokens', {
      token: owner.token,
      body: {
        name: 'full',
        abilities: ['read', 'create', 'update', 'delete'],
        userId: user.body.id,
      },
    });
    expect(token.status).toBe(201);
  });
});
