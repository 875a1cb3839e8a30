/**
 * The two checks that keep a tenant's last admin (docs/access.md#under-concurrency): before a
 * change that takes a user out of the admins, whether another one remains; after its write,
 * whether one still does, the write undone when none does.
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

/**
 * After the write: null while an admin remains. None remains only when another change ran at the
 * same time despite the lock (its lease lost to a stalled holder); then this change is undone.
 */
export async function undoneWithoutAdmin(
  users: UsersRepository,
  before: UserDocument,
  loss: AdminLoss,
): Promise<UserRefusal | null> {
  if (await users.hasActiveAdmin(before.tenant)) return null;
  await users.restore(before);
  return { kind: 'last_admin', loss };
}
