/**
 * Nobody locks a tenant out (docs/access.md#nobody-locks-a-tenant-out), over HTTP on real engines:
 * nobody deactivates, demotes or deletes themselves, and the tenant's last active user with
 * manage_settings stays one, even when two admins demote each other at once.
 */
import type { Ability, Permission } from '../../../core/auth/access';
import { signToken } from '../../../core/auth/token-signer';
import { startTestApi, type TestApi } from '../../support/api-harness';

const BOTH: Permission[] = ['manage_funnels', 'manage_settings'];
const ALL: Ability[] = ['read', 'create', 'update', 'delete'];

describe('nobody locks a tenant out', () => {
  let api: TestApi;
  let tenants = 0;

  beforeAll(async () => {
    api = await startTestApi('lockout');
  });
  afterAll(() => api.close());

  /** A fresh tenant: its name, and a way to add users with a token each. */
  async function freshTenant() {
    tenants += 1;
    const tenant = `lockout-${tenants}`;
    await api.bootstrap(tenant, `first@${tenant}.test`);
    let users = 0;
    const user = async (permissions: Permission[] = BOTH) => {
      users += 1;
      const { context } = api;
      const made = await context.users.create(tenant, {
        email: `user-${users}@${tenant}.test`,
        permissions,
      });
      const record = await context.tokens.create(tenant, {
        userId: made._id,
        name: 'test',
        abilities: ALL,
        expiresAt: null,
      });
      const claims = { userId: made._id, tenant, tokenId: record._id, abilities: ALL };
      return { id: made._id, token: signToken(claims, context.config.JWT_SECRET) };
    };
    const stored = async (id: string) => api.context.users.find(tenant, id);
    const activeAdmins = async () =>
      (await api.context.users.list(tenant)).filter(
        (u) => u.active && u.permissions.includes('manage_settings'),
      ).length;
    return { tenant, user, stored, activeAdmins };
  }

  /** The tenant of a bootstrap whose first user is deactivated: `only` is its single admin. */
  async function tenantWithOneAdmin() {
    const fresh = await freshTenant();
    const first = (await api.context.users.list(fresh.tenant))[0]!;
    await api.context.users.update(fresh.tenant, first._id, { active: false });
    return { ...fresh, only: await fresh.user() };
  }

  const patch = (token: string, id: string, body: unknown) =>
    api.call('PATCH', `/api/v1/settings/users/${id}`, { token, body });
  const remove = (token: string, id: string) =>
    api.call('DELETE', `/api/v1/settings/users/${id}`, { token });

  it('when an admin deactivates themselves while another admin exists, then 409 says another can, and they stay active', async () => {
    const { user, stored } = await freshTenant();
    const me = await user();
    const response = await patch(me.token, me.id, { active: false });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      status: 'error',
      message: 'You cannot deactivate yourself: another user with manage_settings can',
    });
    expect((await stored(me.id))?.active).toBe(true);
  });

  it('when an admin removes their own manage_settings, then 409 and they keep it; a change of their own name is still allowed', async () => {
    const { user, stored } = await freshTenant();
    const me = await user();
    const response = await patch(me.token, me.id, { permissions: ['manage_funnels'] });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      message: 'You cannot remove your own manage_settings: another user with manage_settings can',
    });
    expect((await stored(me.id))?.permissions).toEqual(BOTH);

    const renamed = await patch(me.token, me.id, { name: 'Me', permissions: BOTH, active: true });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Me', permissions: BOTH, active: true });
  });

  it('when an admin deletes themselves, then 409 and they remain', async () => {
    const { user, stored } = await freshTenant();
    const me = await user();
    const response = await remove(me.token, me.id);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      message: 'You cannot delete yourself: another user with manage_settings can',
    });
    expect(await stored(me.id)).not.toBeNull();
  });

  it.each([
    ['deactivates', { active: false }, 'You cannot deactivate yourself'],
    ['demotes', { permissions: ['manage_funnels'] }, 'You cannot remove your own manage_settings'],
    ['deletes', null, 'You cannot delete yourself'],
  ])(
    'when the last active admin %s themselves, then 409 says they are the last one, and nothing changes',
    async (_verb, body, start) => {
      const { only, stored, activeAdmins } = await tenantWithOneAdmin();
      const response = body
        ? await patch(only.token, only.id, body)
        : await remove(only.token, only.id);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        status: 'error',
        message: `${start}: you are the last active user with manage_settings in this tenant`,
      });
      expect(await stored(only.id)).toMatchObject({ active: true, permissions: BOTH });
      expect(await activeAdmins()).toBe(1);
    },
  );

  it('when another admin deactivates, demotes or deletes an admin while one remains, then it is done', async () => {
    const { user, stored } = await freshTenant();
    const me = await user();
    const [a, b, c] = [await user(), await user(), await user()];
    expect((await patch(me.token, a.id, { active: false })).status).toBe(200);
    expect((await patch(me.token, b.id, { permissions: ['manage_funnels'] })).status).toBe(200);
    expect((await remove(me.token, c.id)).status).toBe(204);
    expect(await stored(a.id)).toMatchObject({ active: false });
    expect(await stored(b.id)).toMatchObject({ permissions: ['manage_funnels'] });
    expect(await stored(c.id)).toBeNull();
  });

  it('when the last admin deactivates or deletes users without manage_settings, then it is done', async () => {
    const { only, user, stored } = await tenantWithOneAdmin();
    const [a, b] = [await user(['manage_funnels']), await user([])];
    expect((await patch(only.token, a.id, { active: false })).status).toBe(200);
    expect((await remove(only.token, b.id)).status).toBe(204);
    expect(await stored(a.id)).toMatchObject({ active: false });
    expect(await stored(b.id)).toBeNull();
  });

  it('when two admins demote each other at the same moment, then one change is made, the other refused, and an admin remains', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { only: a, user, stored, activeAdmins } = await tenantWithOneAdmin();
      const b = await user();
      const [toB, toA] = await Promise.all([
        patch(a.token, b.id, { permissions: ['manage_funnels'] }),
        patch(b.token, a.id, { permissions: ['manage_funnels'] }),
      ]);
      const statuses = [toB.status, toA.status].sort();
      // The second to run is refused: 409 when it counted the admins after the first one's
      // write, 403 when that write had already reached its own authentication.
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      for (const refused of [toB, toA].filter((r) => r.status === 409)) {
        expect(refused.body).toMatchObject({
          message:
            'The last active user with manage_settings in this tenant cannot lose manage_settings: give manage_settings to another user first',
        });
      }
      expect(await activeAdmins()).toBe(1);
      const kept = toB.status === 200 ? a : b;
      expect((await stored(kept.id))?.permissions).toContain('manage_settings');
    }
  });
});
