/**
 * The access matrix of docs/access.md#abilities-and-permissions, whole: every endpoint × every way
 * a call can lack the right to be answered, with the exact status, body and challenge.
 */
import jwt from 'jsonwebtoken';
import { signToken } from '../../../core/auth/token-signer';
import type { Ability, Permission } from '../../../core/auth/access';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { TEST_JWT_SECRET } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

interface Endpoint {
  method: string;
  path: string;
  ability: Ability;
  permission?: Permission;
  body?: unknown;
  /** Names a resource of tenant A, so a token of tenant B must get 404. */
  tenantScoped: boolean;
}

const FUNNELS: Permission = 'manage_funnels';
const SETTINGS: Permission = 'manage_settings';

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/funnels/erp',
    ability: 'create',
    permission: FUNNELS,
    body: { sku: 'A' },
    tenantScoped: true,
  },
  {
    method: 'DELETE',
    path: '/funnels/erp',
    ability: 'delete',
    permission: FUNNELS,
    body: { identifiers: ['A'] },
    tenantScoped: true,
  },
  {
    method: 'POST',
    path: '/funnels/erp/syncs',
    ability: 'create',
    permission: FUNNELS,
    tenantScoped: true,
  },
  {
    method: 'POST',
    path: `/funnels/erp/syncs/${'0'.repeat(32)}/commit`,
    ability: 'delete',
    permission: FUNNELS,
    body: { maxDeletes: 0 },
    tenantScoped: true,
  },
  {
    method: 'GET',
    path: '/funnels/erp/history',
    ability: 'read',
    permission: FUNNELS,
    tenantScoped: true,
  },
  {
    method: 'GET',
    path: '/funnels/erp/history/req-1',
    ability: 'read',
    permission: FUNNELS,
    tenantScoped: true,
  },
  { method: 'GET', path: '/content-types/products/items', ability: 'read', tenantScoped: true },
  { method: 'GET', path: '/content-types/products/items/A-1', ability: 'read', tenantScoped: true },
  {
    method: 'GET',
    path: '/content-types/products/items/A-1/changes',
    ability: 'read',
    tenantScoped: true,
  },
  {
    method: 'GET',
    path: '/content-types/products/items/A-1/requests',
    ability: 'read',
    permission: FUNNELS,
    tenantScoped: true,
  },
  {
    method: 'GET',
    path: '/funnels/erp/syncs',
    ability: 'read',
    permission: FUNNELS,
    tenantScoped: true,
  },
  {
    method: 'GET',
    path: '/settings/funnels',
    ability: 'read',
    permission: FUNNELS,
    tenantScoped: false,
  },
  {
    method: 'POST',
    path: '/settings/funnels',
    ability: 'create',
    permission: FUNNELS,
    body: { contentType: 'products', name: 'X', endpointUrl: 'x-new', mappings: [] },
    tenantScoped: false,
  },
  {
    method: 'GET',
    path: '/settings/funnels/erp',
    ability: 'read',
    permission: FUNNELS,
    tenantScoped: true,
  },
  {
    method: 'PUT',
    path: '/settings/funnels/erp',
    ability: 'update',
    permission: FUNNELS,
    body: { contentType: 'products', name: 'ERP', endpointUrl: 'erp', mappings: [] },
    tenantScoped: true,
  },
  {
    method: 'PATCH',
    path: '/settings/funnels/erp',
    ability: 'update',
    permission: FUNNELS,
    body: { description: 'd' },
    tenantScoped: true,
  },
  {
    method: 'DELETE',
    path: '/settings/funnels/erp',
    ability: 'delete',
    permission: FUNNELS,
    tenantScoped: true,
  },
  {
    method: 'GET',
    path: '/settings/funnels/erp/paths',
    ability: 'read',
    permission: FUNNELS,
    tenantScoped: true,
  },
  {
    method: 'GET',
    path: '/settings/users',
    ability: 'read',
    permission: SETTINGS,
    tenantScoped: false,
  },
  {
    method: 'POST',
    path: '/settings/users',
    ability: 'create',
    permission: SETTINGS,
    body: { email: 'new@a.test', permissions: [] },
    tenantScoped: false,
  },
  {
    method: 'GET',
    path: '/settings/users/{userA}',
    ability: 'read',
    permission: SETTINGS,
    tenantScoped: true,
  },
  {
    method: 'PATCH',
    path: '/settings/users/{userA}',
    ability: 'update',
    permission: SETTINGS,
    body: { name: 'n' },
    tenantScoped: true,
  },
  {
    method: 'DELETE',
    path: '/settings/users/{userA}',
    ability: 'delete',
    permission: SETTINGS,
    tenantScoped: true,
  },
  {
    method: 'GET',
    path: '/settings/tokens',
    ability: 'read',
    permission: SETTINGS,
    tenantScoped: false,
  },
  {
    method: 'POST',
    path: '/settings/tokens',
    ability: 'create',
    permission: SETTINGS,
    body: { name: 't', abilities: ['read'] },
    tenantScoped: false,
  },
  {
    method: 'DELETE',
    path: '/settings/tokens/{tokenA}',
    ability: 'delete',
    permission: SETTINGS,
    tenantScoped: true,
  },
  {
    method: 'GET',
    path: '/settings/content-types',
    ability: 'read',
    permission: SETTINGS,
    tenantScoped: false,
  },
  {
    method: 'PUT',
    path: '/settings/content-types/products',
    ability: 'update',
    permission: SETTINGS,
    body: { name: 'Products', kind: 'product', properties: [] },
    tenantScoped: false,
  },
  {
    method: 'GET',
    path: '/settings/content-types/products',
    ability: 'read',
    permission: SETTINGS,
    tenantScoped: true,
  },
  {
    method: 'DELETE',
    path: '/settings/content-types/products',
    ability: 'delete',
    permission: SETTINGS,
    tenantScoped: true,
  },
];

const INVALID = 'Bearer error="invalid_token"';
const INSUFFICIENT = 'Bearer error="insufficient_scope"';

describe('access matrix', () => {
  let api: TestApi;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  /** A token of a fresh user with the given permissions and abilities, in tenant `tenant`. */
  async function tokenFor(tenant: string, permissions: Permission[], abilities: Ability[]) {
    const { users, tokens: records, config } = api.context;
    const user = await users.create(tenant, {
      email: `${Math.random()}@${tenant}.test`,
      permissions,
    });
    const record = await records.create(tenant, {
      userId: user._id,
      name: 'm',
      abilities,
      expiresAt: null,
    });
    const token = signToken(
      { userId: user._id, tenant, tokenId: record._id, abilities },
      config.JWT_SECRET,
    );
    return { token, userId: user._id, tokenId: record._id };
  }

  beforeAll(async () => {
    api = await startTestApi('matrix');
    await api.bootstrap('tenant-a');
    await api.bootstrap('tenant-b');
    const all: Ability[] = ['read', 'create', 'update', 'delete'];
    const a = await tokenFor('tenant-a', [FUNNELS, SETTINGS], all);
    ids.userA = a.userId;
    ids.tokenA = a.tokenId;
    tokens.otherTenant = (await tokenFor('tenant-b', [FUNNELS, SETTINGS], all)).token;

    const revoked = await tokenFor('tenant-a', [FUNNELS, SETTINGS], all);
    await api.context.tokens.revoke('tenant-a', revoked.tokenId);
    tokens.revoked = revoked.token;

    const deactivated = await tokenFor('tenant-a', [FUNNELS, SETTINGS], all);
    await api.context.users.update('tenant-a', deactivated.userId, { active: false });
    tokens.deactivated = deactivated.token;

    const expiredUser = await api.context.users.create('tenant-a', {
      email: 'exp@a.test',
      permissions: [FUNNELS, SETTINGS],
    });
    const past = new Date(Date.now() - 60_000);
    const expiredRecord = await api.context.tokens.create('tenant-a', {
      userId: expiredUser._id,
      name: 'e',
      abilities: all,
      expiresAt: past,
    });
    tokens.expired = signToken(
      { userId: expiredUser._id, tenant: 'tenant-a', tokenId: expiredRecord._id, abilities: all },
      TEST_JWT_SECRET,
      past,
    );

    tokens.badSignature = signToken(
      { userId: a.userId, tenant: 'tenant-a', tokenId: a.tokenId, abilities: all },
      'another-secret-that-is-32-bytes-long!!',
    );
    const unsigned = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    tokens.algNone = `${unsigned({ alg: 'none', typ: 'JWT' })}.${unsigned({ sub: a.userId, tid: 'tenant-a', jti: a.tokenId, abl: all, iss: 'funnel-sync' })}.`;
    tokens.algHs512 = jwt.sign(
      { sub: a.userId, tid: 'tenant-a', jti: a.tokenId, abl: all },
      TEST_JWT_SECRET,
      { algorithm: 'HS512', issuer: 'funnel-sync' },
    );

    tokens.full = a.token;
    tokens.noPermissions = (await tokenFor('tenant-a', [], all)).token;
    await seedTenantA();
    for (const ability of all) {
      tokens[`without-${ability}`] = (
        await tokenFor(
          'tenant-a',
          [FUNNELS, SETTINGS],
          all.filter((x) => x !== ability),
        )
      ).token;
    }
  });

  afterAll(() => api.close());

  /** Tenant A's resources, so that tenant B's 404 means "hidden", not "absent everywhere". */
  async function seedTenantA() {
    const { contentTypes, funnels, db } = api.context;
    await contentTypes.create('tenant-a', 'products', {
      name: 'Products',
      kind: 'product',
      properties: [],
    });
    const funnel = await funnels.create('tenant-a', {
      contentType: 'products',
      name: 'ERP',
      endpointUrl: 'erp',
      description: '',
      active: true,
      partialValidation: false,
      mappings: [{ source: 'sku', target: { system: 'identifier' }, optional: false, lazy: false }],
      requestData: { sku: 'A-1' },
    });
    const now = new Date();
    await db.items.insertOne({
      _id: 'tenant-a:products:A-1',
      tenant: 'tenant-a',
      contentType: 'products',
      identifier: 'A-1',
      identifierLower: 'a-1',
      properties: {},
      createdAt: now,
      updatedAt: now,
      receivedAt: now,
      sequence: 1,
      version: 1,
      funnelId: funnel.id,
    });
    await db.history.insertOne({
      _id: 'tenant-a:req-1',
      recordId: 'req-1',
      tenant: 'tenant-a',
      funnelId: funnel.id,
      endpointUrl: 'erp',
      requestId: 'req-1',
      method: 'POST',
      receivedAt: now,
      sequence: 1,
      bodyFormat: 'json',
      finishedAt: now,
      durationMs: 0,
      status: 'success',
      httpStatus: 200,
      itemCount: 1,
      message: '1 item was imported',
      errors: [],
      successIds: ['A-1'],
      deletedIds: [],
      notFoundIds: [],
      resolved: [],
      identifiers: [],
      identifierCount: 0,
      parts: 0,
      payload: '{"sku":"A-1"}',
      payloadTruncated: false,
      storedPayload: null,
      tokenId: null,
      dryRun: false,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
  }

  const pathOf = (endpoint: Endpoint) =>
    `/api/v1${endpoint.path.replace('{userA}', ids.userA ?? '').replace('{tokenA}', ids.tokenA ?? '')}`;

  async function send(endpoint: Endpoint, authorization?: string) {
    return api.call<Record<string, unknown>>(endpoint.method, pathOf(endpoint), {
      body: endpoint.body,
      headers: authorization ? { authorization } : {},
    });
  }

  const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

  describe.each(ENDPOINTS.map((endpoint) => [label(endpoint), endpoint] as const))(
    '%s',
    (_name, endpoint) => {
      it.each([
        [
          'no Authorization header',
          () => undefined,
          'Missing bearer token: send "Authorization: Bearer <token>"',
        ],
        [
          'a scheme other than Bearer',
          () => 'Basic dXNlcjpwYXNz',
          'The Authorization header must use the Bearer scheme',
        ],
        ['garbage', () => 'Bearer not-a-jwt', 'The token is malformed'],
        [
          'a bad signature',
          () => `Bearer ${tokens.badSignature}`,
          'The token signature is not valid',
        ],
        ['alg none', () => `Bearer ${tokens.algNone}`, 'The token signature is not valid'],
        [
          'another algorithm (HS512)',
          () => `Bearer ${tokens.algHs512}`,
          'The token signature is not valid',
        ],
        ['an expired token', () => `Bearer ${tokens.expired}`, 'The token has expired'],
        ['a revoked token', () => `Bearer ${tokens.revoked}`, 'The token has been revoked'],
        [
          'a deactivated user',
          () => `Bearer ${tokens.deactivated}`,
          "The token's user is deactivated",
        ],
      ])('when it carries %s, then 401 invalid_token', async (_case, header, message) => {
        const response = await send(endpoint, header());
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ status: 'error', message });
        expect(response.headers.get('www-authenticate')).toBe(INVALID);
      });

      it(`when the token lacks the "${endpoint.ability}" ability, then 403 insufficient_scope`, async () => {
        const response = await send(endpoint, `Bearer ${tokens[`without-${endpoint.ability}`]}`);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          status: 'error',
          message: `The token lacks the "${endpoint.ability}" ability`,
        });
        expect(response.headers.get('www-authenticate')).toBe(INSUFFICIENT);
      });

      if (endpoint.permission) {
        it(`when the user lacks ${endpoint.permission}, then 403 insufficient_scope`, async () => {
          const response = await send(endpoint, `Bearer ${tokens.noPermissions}`);
          expect(response.status).toBe(403);
          expect(response.body).toEqual({
            status: 'error',
            message: `The token's user lacks the "${endpoint.permission}" permission`,
          });
          expect(response.headers.get('www-authenticate')).toBe(INSUFFICIENT);
        });
      } else {
        it('when the user has no permission at all, then it is not refused (no permission needed)', async () => {
          const response = await send(endpoint, `Bearer ${tokens.noPermissions}`);
          expect([401, 403]).not.toContain(response.status);
        });
      }

      if (endpoint.method === 'GET') {
        it("when tenant A's token has every right, then it is answered 200", async () => {
          const response = await send(endpoint, `Bearer ${tokens.full}`);
          expect(response.status).toBe(200);
        });
      }

      if (endpoint.tenantScoped) {
        it("when a token of another tenant names tenant A's resource, then 404 as if it did not exist", async () => {
          const response = await send(endpoint, `Bearer ${tokens.otherTenant}`);
          expect(response.status).toBe(404);
          expect(response.body).toMatchObject({ status: 'error' });
          expect(response.headers.get('www-authenticate')).toBeNull();
        });
      }
    },
  );
});

/**
 * Who may change whom (docs/access.md#changing-users): changing, deactivating or deleting a user,
 * or revoking its token, needs every permission that user holds; one's own tokens are always
 * one's own to revoke.
 */
describe('access matrix: who may change whom', () => {
  let api: TestApi;
  const all: Ability[] = ['read', 'create', 'update', 'delete'];
  let made = 0;

  beforeAll(async () => {
    api = await startTestApi('matrix-ranks');
    // The owner stays an admin throughout, so that no change here meets the last-admin rule.
    await api.bootstrap('ranks');
  });
  afterAll(() => api.close());

  async function userWith(permissions: Permission[]) {
    made += 1;
    const { users, tokens, config } = api.context;
    const user = await users.create('ranks', { email: `u${made}@ranks.test`, permissions });
    const record = await tokens.create('ranks', {
      userId: user._id,
      name: `t${made}`,
      abilities: all,
      expiresAt: null,
    });
    const claims = { userId: user._id, tenant: 'ranks', tokenId: record._id, abilities: all };
    return { id: user._id, tokenId: record._id, token: signToken(claims, config.JWT_SECRET) };
  }

  type Target = Awaited<ReturnType<typeof userWith>>;
  const ACTIONS: [string, string, (target: Target) => [string, string, unknown?], number][] = [
    ['change', 'change this user', (t) => ['PATCH', `users/${t.id}`, { name: 'n' }], 200],
    [
      'deactivate',
      'deactivate this user',
      (t) => ['PATCH', `users/${t.id}`, { active: false }],
      200,
    ],
    ['delete', 'delete this user', (t) => ['DELETE', `users/${t.id}`], 204],
    [
      'revoke a token of',
      "revoke this user's token",
      (t) => ['DELETE', `tokens/${t.tokenId}`],
      204,
    ],
  ];
  const HOLDINGS: [string, Permission[]][] = [
    ['no permission', []],
    ['manage_funnels', [FUNNELS]],
    ['manage_settings', [SETTINGS]],
    ['both permissions', [FUNNELS, SETTINGS]],
  ];
  const CALLERS: [string, Permission[]][] = [
    ['manage_settings alone', [SETTINGS]],
    ['both permissions', [FUNNELS, SETTINGS]],
  ];
  const cases = CALLERS.flatMap(([callerName, caller]) =>
    HOLDINGS.flatMap(([targetName, target]) =>
      ACTIONS.map(([verb, action, request, done]) => {
        const missing = target.filter((permission) => !caller.includes(permission));
        const outcome =
          missing.length === 0 ? 'it is done' : '403 names what it lacks and nothing changes';
        return [
          callerName,
          verb,
          targetName,
          outcome,
          caller,
          target,
          action,
          request,
          done,
          missing,
        ] as const;
      }),
    ),
  );

  it.each(cases)(
    'when a caller with %s asks to %s a user with %s, then %s',
    async (_c, _v, _t, _o, callerHolds, targetHolds, action, request, done, missing) => {
      const caller = await userWith(callerHolds);
      const target = await userWith(targetHolds);
      const before = await api.context.users.find('ranks', target.id);
      const [method, path, body] = request(target);
      const response = await api.call(method, `/api/v1/settings/${path}`, {
        token: caller.token,
        body,
      });
      if (missing.length === 0) {
        expect(response.status).toBe(done);
        return;
      }
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        status: 'error',
        message: `Cannot ${action}: the calling user does not hold ${missing.map((p) => `"${p}"`).join(', ')}`,
      });
      expect(response.headers.get('www-authenticate')).toBe(INSUFFICIENT);
      expect(await api.context.users.find('ranks', target.id)).toEqual(before);
      expect((await api.context.tokens.find('ranks', target.tokenId))?.revokedAt).toBeNull();
    },
  );

  it('when a caller with manage_settings alone revokes its own tokens, the one it calls with included, then both are revoked and that one stops working', async () => {
    const caller = await userWith([SETTINGS]);
    const other = await api.context.tokens.create('ranks', {
      userId: caller.id,
      name: 'second',
      abilities: ['read'],
      expiresAt: null,
    });
    const revokeOther = await api.call('DELETE', `/api/v1/settings/tokens/${other._id}`, {
      token: caller.token,
    });
    expect(revokeOther.status).toBe(204);
    const revokeSelf = await api.call('DELETE', `/api/v1/settings/tokens/${caller.tokenId}`, {
      token: caller.token,
    });
    expect(revokeSelf.status).toBe(204);
    // It holds on every API process within a second (docs/access.md#tokens).
    const refused = await waitUntil(
      () => api.call('GET', '/api/v1/settings/me', { token: caller.token }),
      (answer) => answer.status === 401,
      { what: 'the revoked token to be refused', timeoutMs: 5_000 },
    );
    expect(refused.body).toEqual({ status: 'error', message: 'The token has been revoked' });
  });

  it('when the user of a token was deleted, then a caller with manage_settings alone may still revoke the token', async () => {
    const caller = await userWith([SETTINGS]);
    const gone = await userWith([FUNNELS, SETTINGS]);
    await api.context.users.remove('ranks', gone.id);
    const response = await api.call('DELETE', `/api/v1/settings/tokens/${gone.tokenId}`, {
      token: caller.token,
    });
    expect(response.status).toBe(204);
  });
});
