/** Deleting a user (docs/access.md#changing-users): the rules of a change, and then it is gone. */
import { permissionsBeyond } from './grants';
import { isActiveAdmin } from './tenant-admins';
import type { UserDocument } from './user';
import { refusalToTakeOut, undoneWithoutAdmin } from './admin-guard';
import type { Caller, UserChangeServices } from './user-change-services';
import { refuse, type UserOutcome } from './user-refusal';

export function deleteUser(
  { users, lock }: UserChangeServices,
  caller: Caller,
  id: string,
): Promise<UserOutcome<UserDocument>> {
  return lock.around(caller.tenant, async () => {
    const user = await users.find(caller.tenant, id);
    if (!user) return refuse({ kind: 'not_found' });

    const missing = permissionsBeyond(caller.permissions, user.permissions);
    if (missing.length > 0) return refuse({ kind: 'outranked', missing });

    if (isActiveAdmin(user)) {
      const refusedBefore = await refusalToTakeOut(users, caller, user, 'delete');
      if (refusedBefore) return refuse(refusedBefore);
      // Deactivated first: unlike a deletion, that is undone in place if no admin remains.
      await users.update(caller.tenant, id, { active: false });
      const refusedAfter = await undoneWithoutAdmin(users, user, 'delete');
      if (refusedAfter) return refuse(refusedAfter);
    }

    if (!(await users.remove(caller.tenant, id))) return refuse({ kind: 'not_found' });
    return { done: user };
  });
}
