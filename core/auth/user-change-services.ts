/** What the use cases that change a user or its tokens work with, and who calls them. */
import type { Principal } from './authenticator';
import type { TokensRepository } from './tokens.repository';
import type { UserTurns } from './user-turn';
import type { UsersRepository } from './users.repository';

/** The calling user, as authenticated: its permissions are those of its user a moment ago. */
export type Caller = Pick<Principal, 'tenant' | 'userId' | 'permissions'>;

export interface UserChangeServices {
  users: UsersRepository;
  turns: UserTurns;
}

export interface TokenRevocationServices {
  users: UsersRepository;
  tokens: TokensRepository;
}
