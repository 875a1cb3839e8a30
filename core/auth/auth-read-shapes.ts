/** The reads of people, tokens and sessions, as indexes must serve them (core/mongo/read-shape.ts). */
import type { ReadShape } from '../mongo/read-shape';
import type { AuthCollections } from './auth-collections';

const BY_CREATION = { createdAt: 1, _id: 1 } as const;

export const AUTH_READ_SHAPES: readonly ReadShape<keyof AuthCollections>[] = [
  { read: 'a token by id (every request with a token)', collection: 'tokens', equals: ['_id'] },
  { read: 'a user by id', collection: 'users', equals: ['_id'] },
  { read: 'a session by its secret (console requests)', collection: 'sessions', equals: ['_id'] },
  { read: 'an invitation by its secret', collection: 'invitations', equals: ['_id'] },
  { read: 'GET /settings/tokens', collection: 'tokens', equals: ['tenant'], sort: BY_CREATION },
  { read: 'GET /settings/users', collection: 'users', equals: ['tenant'], sort: BY_CREATION },
  { read: 'a user by email (sign-in, new user)', collection: 'users', equals: ['tenant', 'email'] },
  {
    read: 'an active admin other than one (user changes)',
    collection: 'users',
    equals: ['tenant'],
    alsoTests: ['active', 'permissions', '_id'],
  },
];
