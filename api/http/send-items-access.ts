/**
 * An export sends items to a URL its creator chooses. Whatever makes it send items somewhere
 * (creating one, a new `url`, `contentTypes` or `events`, a resync, a replay, a retry) needs the
 * `read` ability beside the action's own, as reading the items does: otherwise a token without
 * `read` could have every item sent to itself (docs/access.md#exports).
 */
import type { Principal } from '../../core/auth/authenticator';
import { forbidden } from './http-error';

export function checkMaySendItems(principal: Principal, action: string): void {
  if (principal.abilities.includes('read')) return;
  throw forbidden(
    `Cannot ${action}: the calling token does not hold the "read" ability, which an export ` +
      'that sends items needs',
  );
}
