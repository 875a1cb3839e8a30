/** The collections of tenants, their users and their tokens. */
import type { mongo } from 'mongoose';
import type { TokenDocument } from './token-record';
import type { UserDocument } from './user';

export interface TenantDocument {
  _id: string;
  createdAt: Date;
}

export interface AuthCollections {
  tenants: mongo.Collection<TenantDocument>;
  users: mongo.Collection<UserDocument>;
  tokens: mongo.Collection<TokenDocument>;
}
