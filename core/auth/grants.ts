/**
 * Nobody grants what they do not hold: a new token's abilities are at most the calling token's,
 * and permissions given to a user (or carried by a token made for one) are at most the calling
 * user's. Each function answers what would be granted beyond that, in the canonical order.
 */
import { ABILITIES, PERMISSIONS, type Ability, type Permission } from './access';

export function abilitiesBeyond(held: readonly Ability[], asked: readonly Ability[]): Ability[] {
  return ABILITIES.filter((ability) => asked.includes(ability) && !held.includes(ability));
}

export function permissionsBeyond(
  held: readonly Permission[],
  asked: readonly Permission[],
): Permission[] {
  return PERMISSIONS.filter(
    (permission) => asked.includes(permission) && !held.includes(permission),
  );
}
