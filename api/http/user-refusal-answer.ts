/**
 * The answers of the settings area when a change of a user, or of its tokens, is refused
 * (core/auth/user-refusal.ts): 404, a 403 naming the permissions the caller lacks (in the words of
 * grant-refusal.ts), or a 409 saying why the tenant would be left without an admin.
 */
import type { AdminLoss } from '../../core/auth/tenant-admins';
import type { UserRefusal } from '../../core/auth/user-refusal';
import { forbidden, HttpError, notFound } from './http-error';

/** What was asked, as a 403 names it: "Cannot <deactivate this user>: ...". */
export type UserAction =
  'change this user' | 'deactivate this user' | 'delete this user' | "revoke this user's token";

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

const SELF: Record<AdminLoss, string> = {
  deactivate: 'You cannot deactivate yourself',
  demote: 'You cannot remove your own manage_settings',
  delete: 'You cannot delete yourself',
};

const LAST: Record<AdminLoss, string> = {
  deactivate: 'cannot be deactivated',
  demote: 'cannot lose manage_settings',
  delete: 'cannot be deleted',
};

export function userRefusal(refusal: UserRefusal, action: UserAction, missing: string): HttpError {
  switch (refusal.kind) {
    case 'not_found':
      return notFound(missing);
    case 'outranked':
      return forbidden(
        `Cannot ${action}: the calling user does not hold ${quoted(refusal.missing)}`,
      );
    case 'self':
      return new HttpError(
        409,
        refusal.lastAdmin
          ? `${SELF[refusal.loss]}: you are the last active user with manage_settings in this tenant`
          : `${SELF[refusal.loss]}: another user with manage_settings can`,
      );
    case 'last_admin':
      return new HttpError(
        409,
        `The last active user with manage_settings in this tenant ${LAST[refusal.loss]}: ` +
          'give manage_settings to another user first',
      );
  }
}
