/**
 * The admin command line's composition root: what its commands use, built once per command run
 * on the connection runtime.ts opened. Commands receive these and build none.
 */
import { InvitationsRepository } from '../core/auth/invitations.repository';
import { TokensRepository } from '../core/auth/tokens.repository';
import { UserTurns } from '../core/auth/user-turn';
import { UsersRepository } from '../core/auth/users.repository';
import type { Transactions } from '../core/mongo/transactions';
import type { Collections } from '../core/storage/collections';

export interface CliServices {
  users: UsersRepository;
  tokens: TokensRepository;
  invitations: InvitationsRepository;
  /** Changes to a tenant's users, one at a time. */
  userTurns: UserTurns;
}

export function composeCli(db: Collections, transactions: Transactions): CliServices {
  return {
    users: new UsersRepository(db),
    tokens: new TokensRepository(db),
    invitations: new InvitationsRepository(db),
    userTurns: new UserTurns(transactions, db),
  };
}
