/**
 * The 403s of the settings area when a caller would grant more than it holds
 * (core/auth/grants.ts), each naming what cannot be granted.
 */
import { abilitiesBeyond, permissionsBeyond } from '../../core/auth/grants';
import type { Principal } from '../../core/auth/authenticator';
import type { Ability, Permission } from '../../core/auth/access';
import { forbidden } from './http-error';

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/** Throws unless the calling token holds every ability of the token it asks for. */
export function checkAbilitiesGrant(caller: Principal, asked: readonly Ability[]): void {
  const beyond = abilitiesBeyond(caller.abilities, asked);
  if (beyond.length === 0) return;
  const [noun, pronoun] = beyond.length === 1 ? ['ability', 'it'] : ['abilities', 'them'];
  throw forbidden(
    `Cannot grant the ${quoted(beyond)} ${noun}: the calling token does not hold ${pronoun}`,
  );
}

/** Throws unless the calling user holds every permission it would give a user. */
export function checkPermissionsGrant(caller: Principal, asked: readonly Permission[]): void {
  const beyond = permissionsBeyond(caller.permissions, asked);
  if (beyond.length === 0) return;
  const [noun, pronoun] = beyond.length === 1 ? ['permission', 'it'] : ['permissions', 'them'];
  throw forbidden(
    `Cannot grant the ${quoted(beyond)} ${noun}: the calling user does not hold ${pronoun}`,
  );
}

/** Throws unless the calling user holds every permission of the user a token is made for. */
export function checkTokenOwner(caller: Principal, owner: readonly Permission[]): void {
  const beyond = permissionsBeyond(caller.permissions, owner);
  if (beyond.length === 0) return;
  const noun = beyond.length === 1 ? 'permission' : 'permissions';
  throw forbidden(
    `Cannot make a token for this user: it holds the ${quoted(beyond)} ${noun}, which the calling user does not`,
  );
}
