/** The collections of tenants, their users, their tokens, and people's passwords and sessions. */
import type { mongo } from 'mongoose';
import type { TokenDocument } from './token-record';
import type { UserDocument } from './user';
import type { InvitationDocument, PasswordDocument, SessionDocument } from './person-records';

interface TenantDocument {
  _id: string;
  createdAt: Date;
}

/**
 * When a token was last used, beside the token rather than in it: written as the token is used,
 * it never touches the token's own document, which a revocation changes.
 */
interface TokenUseDocument {
  /** The token's id. */
  _id: string;
  lastUsedAt: Date;
}

export interface AuthCollections {
  tenants: mongo.Collection<TenantDocument>;
  users: mongo.Collection<UserDocument>;
  tokens: mongo.Collection<TokenDocument>;
  tokenUses: mongo.Collection<TokenUseDocument>;
  passwords: mongo.Collection<PasswordDocument>;
  invitations: mongo.Collection<InvitationDocument>;
  sessions: mongo.Collection<SessionDocument>;
}
