/**
 * Why a change of a user (or of its tokens) is refused: a value the use cases return and the API
 * turns into its answer (api/http/user-refusal-answer.ts). The rules: docs/access.md.
 */
import type { Permission } from './access';
import type { AdminLoss } from './tenant-admins';

export type UserRefusal =
  | { kind: 'not_found' }
  /** The user holds permissions the caller does not. */
  | { kind: 'outranked'; missing: Permission[] }
  /** The caller would take itself out of the admins; `lastAdmin` when no other one remains. */
  | { kind: 'self'; loss: AdminLoss; lastAdmin: boolean }
  /** The change would leave the tenant without an active user with manage_settings. */
  | { kind: 'last_admin'; loss: AdminLoss };

export type UserOutcome<T> = { done: T } | { refused: UserRefusal };

export const refuse = (refusal: UserRefusal): { refused: UserRefusal } => ({ refused: refusal });
