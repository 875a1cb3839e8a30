/**
 * Reactivating a user, from the command line: how a tenant whose user was deactivated gets it
 * back (docs/access.md#nobody-locks-a-tenant-out), in the tenant's user turn like any change of
 * its users. Its tokens that are neither revoked nor expired work again within a second.
 */
import type { UserDocument } from './user';
import type { UserChangeServices } from './user-change-services';

export interface Activation {
  user: UserDocument;
  /** It was active already: nothing was written. */
  wasActive: boolean;
}

/** Null when the tenant has no user with that email. */
export function activateUser(
  { users, turns }: UserChangeServices,
  tenant: string,
  email: string,
): Promise<Activation | null> {
  return turns.run(tenant, async () => {
    const user = await users.findByEmail(tenant, email);
    if (!user) return null;
    if (user.active) return { user, wasActive: true };
    const activated = await users.update(tenant, user._id, { active: true });
    return activated && { user: activated, wasActive: false };
  });
}
