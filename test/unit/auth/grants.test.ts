import { abilitiesBeyond, permissionsBeyond } from '../../../core/auth/grants';

describe('what a caller would grant beyond what it holds', () => {
  it('when every asked ability is held, then nothing is beyond', () => {
    expect(abilitiesBeyond(['read', 'create'], ['create', 'read', 'create'])).toEqual([]);
  });

  it('when abilities are asked that are not held, then they are named in canonical order', () => {
    expect(abilitiesBeyond(['create'], ['delete', 'update', 'read', 'create'])).toEqual([
      'read',
      'update',
      'delete',
    ]);
  });

  it('when permissions are asked that are not held, then they are named', () => {
    expect(permissionsBeyond(['manage_settings'], ['manage_settings', 'manage_funnels'])).toEqual([
      'manage_funnels',
    ]);
    expect(permissionsBeyond([], [])).toEqual([]);
  });
});
