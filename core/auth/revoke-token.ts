/**
 * Revoking a token (docs/access.md#changing-users): one's own tokens always; another user's only
 * when the caller holds every permission of that user, as for making a token for them.
 */
import { permissionsBeyond } from './grants';
import type { TokenDocument } from './token-record';
import type { Caller, TokenRevocationServices } from './user-change-services';
import { refuse, type UserOutcome } from './user-refusal';

export async function revokeToken(
  { users, tokens }: TokenRevocationServices,
  caller: Caller,
  id: string,
): Promise<UserOutcome<TokenDocument>> {
  const token = await tokens.find(caller.tenant, id);
  if (!token) return refuse({ kind: 'not_found' });

  if (token.userId !== caller.userId) {
    // A token whose user was deleted works no more; anyone may tidy it away.
    const owner = await users.find(caller.tenant, token.userId);
    const missing = owner ? permissionsBeyond(caller.permissions, owner.permissions) : [];
    if (missing.length > 0) return refuse({ kind: 'outranked', missing });
  }

  await tokens.revoke(caller.tenant, id);
  return { done: token };
}
