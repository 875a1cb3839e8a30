/**
 * Deleting a user (docs/access.md#changing-users), in the tenant's user turn: the rules of a
 * change, and then it is gone with its sessions, invitations and password.
 */
import { permissionsBeyond } from './grants';
import { isActiveAdmin } from './tenant-admins';
import type { UserDocument } from './user';
import { refusalToTakeOut } from './admin-guard';
import type { Caller, UserChangeServices } from './user-change-services';
import { refuse, type UserOutcome } from './user-refusal';

export function deleteUser(
  { users, turns }: UserChangeServices,
  caller: Caller,
  id: string,
): Promise<UserOutcome<UserDocument>> {
  return turns.run(caller.tenant, async () => {
    const user = await users.find(caller.tenant, id);
    if (!user) return refuse({ kind: 'not_found' });

    const missing = permissionsBeyond(caller.permissions, user.permissions);
    if (missing.length > 0) return refuse({ kind: 'outranked', missing });

    const refused = isActiveAdmin(user) && (await refusalToTakeOut(users, caller, user, 'delete'));
    if (refused) return refuse(refused);

    if (!(await users.remove(caller.tenant, id))) return refuse({ kind: 'not_found' });
    return { done: user };
  });
}
