/**
 * Who can still manage a tenant: its active users with manage_settings. A tenant keeps one, or
 * nobody could manage its users and tokens through the API again
 * (docs/access.md#nobody-locks-a-tenant-out).
 */
import type { Permission } from './access';
import type { UserDocument } from './user';

export const ADMIN_PERMISSION: Permission = 'manage_settings';

/** How a change takes a user out of the tenant's admins. */
export type AdminLoss = 'deactivate' | 'demote' | 'delete';

export function isActiveAdmin(user: Pick<UserDocument, 'active' | 'permissions'>): boolean {
  return user.active && user.permissions.includes(ADMIN_PERMISSION);
}

/** What a change of `user` takes away from the admins, or null when it keeps them as they are. */
export function adminLossOf(
  user: Pick<UserDocument, 'active' | 'permissions'>,
  changes: { permissions?: readonly Permission[]; active?: boolean },
): AdminLoss | null {
  if (!isActiveAdmin(user)) return null;
  if (changes.active === false) return 'deactivate';
  if (changes.permissions && !changes.permissions.includes(ADMIN_PERMISSION)) return 'demote';
  return null;
}
