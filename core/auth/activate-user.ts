/**
 * Reactivating a user, from the command line: how a tenant whose user was deactivated gets it
 * back (docs/access.md#nobody-locks-a-tenant-out). Its tokens that are neither revoked nor expired
 * work again within a second.
 */
import type { UserDocument } from './user';
import type { UsersRepository } from './users.repository';

export interface Activation {
  user: UserDocument;
  /** It was active already: nothing was written. */
  wasActive: boolean;
}

/** Null when the tenant has no user with that email. */
export async function activateUser(
  users: UsersRepository,
  tenant: string,
  email: string,
): Promise<Activation | null> {
  const user = await users.findByEmail(tenant, email);
  if (!user) return null;
  if (user.active) return { user, wasActive: true };
  const activated = await users.update(tenant, user._id, { active: true });
  return activated ? { user: activated, wasActive: false } : null;
}
