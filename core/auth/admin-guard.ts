/**
 * The check that keeps a tenant's last admin (docs/access.md#nobody-locks-a-tenant-out): before a
 * change that takes a user out of the admins, whether another one remains. The change runs in the
 * tenant's user turn (user-turn.ts), so the answer still holds when its write commits.
 */
import type { AdminLoss } from './tenant-admins';
import type { UserDocument } from './user';
import type { Caller } from './user-change-services';
import type { UserRefusal } from './user-refusal';
import type { UsersRepository } from './users.repository';

/** Null when `user` may leave the admins by `loss`, else why not. */
export async function refusalToTakeOut(
  users: UsersRepository,
  caller: Caller,
  user: UserDocument,
  loss: AdminLoss,
): Promise<UserRefusal | null> {
  const othersRemain = await users.hasActiveAdmin(user.tenant, user._id);
  if (user._id === caller.userId) return { kind: 'self', loss, lastAdmin: !othersRemain };
  return othersRemain ? null : { kind: 'last_admin', loss };
}
