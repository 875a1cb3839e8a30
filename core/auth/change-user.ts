/**
 * Changing a user's name, permissions or activity (docs/access.md#changing-users), in the
 * tenant's user turn. The permissions given are the route's check (grants.ts); these are the rules
 * about the user changed.
 */
import { permissionsBeyond } from './grants';
import { adminLossOf } from './tenant-admins';
import type { Permission } from './access';
import type { UserDocument } from './user';
import { refusalToTakeOut } from './admin-guard';
import type { Caller, UserChangeServices } from './user-change-services';
import { refuse, type UserOutcome } from './user-refusal';

export interface UserChanges {
  name?: string;
  permissions?: Permission[];
  active?: boolean;
}

export function changeUser(
  { users, turns }: UserChangeServices,
  caller: Caller,
  id: string,
  changes: UserChanges,
): Promise<UserOutcome<UserDocument>> {
  return turns.run(caller.tenant, async () => {
    const user = await users.find(caller.tenant, id);
    if (!user) return refuse({ kind: 'not_found' });

    const missing = permissionsBeyond(caller.permissions, user.permissions);
    if (missing.length > 0) return refuse({ kind: 'outranked', missing });

    const loss = adminLossOf(user, changes);
    const refused = loss && (await refusalToTakeOut(users, caller, user, loss));
    if (refused) return refuse(refused);

    const changed = await users.update(caller.tenant, id, changes);
    return changed ? { done: changed } : refuse({ kind: 'not_found' });
  });
}
