import { adminLossOf, isActiveAdmin } from '../../../core/auth/tenant-admins';

describe('who counts as an admin of the tenant, and what a change takes away', () => {
  const admin = { active: true, permissions: ['manage_funnels', 'manage_settings'] as const };

  it('when a user is active with manage_settings, then it is an admin; inactive or without it, not', () => {
    expect(isActiveAdmin({ ...admin, permissions: [...admin.permissions] })).toBe(true);
    expect(isActiveAdmin({ active: false, permissions: ['manage_settings'] })).toBe(false);
    expect(isActiveAdmin({ active: true, permissions: ['manage_funnels'] })).toBe(false);
  });

  it('when a change deactivates an admin or drops its manage_settings, then it names that loss', () => {
    const user = { ...admin, permissions: [...admin.permissions] };
    expect(adminLossOf(user, { active: false })).toBe('deactivate');
    expect(adminLossOf(user, { active: false, permissions: [] })).toBe('deactivate');
    expect(adminLossOf(user, { permissions: ['manage_funnels'] })).toBe('demote');
    expect(adminLossOf(user, { permissions: [] })).toBe('demote');
  });

  it('when a change keeps manage_settings and activity, or the user is no admin, then nothing is lost', () => {
    const user = { ...admin, permissions: [...admin.permissions] };
    expect(adminLossOf(user, {})).toBeNull();
    expect(adminLossOf(user, { active: true, permissions: ['manage_settings'] })).toBeNull();
    expect(
      adminLossOf({ active: false, permissions: ['manage_settings'] }, { active: false }),
    ).toBeNull();
    expect(
      adminLossOf({ active: true, permissions: ['manage_funnels'] }, { permissions: [] }),
    ).toBeNull();
  });
});
