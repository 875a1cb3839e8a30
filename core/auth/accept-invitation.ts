/**
 * Accepting an invitation (docs/access.md#invitations): the link's secret is used up, and its
 * user, still active in its tenant, gets the password chosen; both in one transaction, in the
 * tenant's user turn, so that a link is never used up without its password set, nor a password
 * set for a user deleted meanwhile. Answers who may now sign in.
 */
import type { InvitationsRepository } from './invitations.repository';
import { hashPassword } from './password-hash';
import type { PasswordsRepository } from './passwords.repository';
import type { SessionsRepository } from './sessions.repository';
import type { TokensRepository } from './tokens.repository';
import type { UserTurns } from './user-turn';
import type { UsersRepository } from './users.repository';

export interface InvitationServices {
  users: UsersRepository;
  passwords: PasswordsRepository;
  invitations: InvitationsRepository;
  sessions: SessionsRepository;
  tokens: TokensRepository;
  turns: UserTurns;
}

export type AcceptOutcome =
  | { accepted: { tenant: string; email: string } }
  | { refused: 'unknown' | 'expired' | 'used' | 'user_gone' };

export async function acceptInvitation(
  services: InvitationServices,
  secret: string,
  password: string,
): Promise<AcceptOutcome> {
  // A link that cannot be used costs no hashing.
  const usable = await services.invitations.usable(secret);
  if ('refused' in usable) return usable;
  // Hashed before the transaction, which may run more than once.
  const hash = await hashPassword(password);
  return services.turns.run<AcceptOutcome>(usable.claimed.tenant, async () => {
    const claim = await services.invitations.claim(secret);
    if ('refused' in claim) return claim;
    const { tenant, userId } = claim.claimed;
    const user = await services.users.find(tenant, userId);
    if (!user?.active) return { refused: 'user_gone' };
    await services.passwords.set(tenant, userId, hash);
    // A new password ends the sessions the old one opened, and the tokens they made.
    await services.sessions.endAllOf(tenant, userId);
    await services.tokens.revokeFromSessionsOf(tenant, userId);
    return { accepted: { tenant, email: user.email } };
  });
}
