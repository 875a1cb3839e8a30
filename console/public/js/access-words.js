/**
 * What each permission of a user and each ability of a token lets it do, in plain words, and the
 * usual sets of them (roles), so that whoever grants them need not know the API's routes
 * (docs/access.md#abilities-and-permissions).
 */

export const PERMISSION_WORDS = {
  manage_funnels:
    'Funnels: define funnels, send and delete items through them, read their history and commit full syncs.',
  manage_settings: 'Settings: content types, exports, tokens and users of the tenant.',
};

export const ABILITY_WORDS = {
  read: 'Read: items, history and settings. A sender does not need it.',
  create: 'Create: send items (POST), start full syncs, create settings.',
  update: 'Update: change settings (funnels, content types, exports, users).',
  delete: 'Delete: delete items (DELETE), commit full syncs, delete settings.',
};

/** The roles a new user starts from: each ticks its permissions. */
export const USER_ROLES = [
  {
    name: 'Administrator',
    permissions: ['manage_funnels', 'manage_settings'],
    words: 'everything in this tenant, users and tokens included',
  },
  {
    name: 'Sender admin',
    permissions: ['manage_funnels'],
    words: 'the funnels, what senders send through them and its history; no users or tokens',
  },
  {
    name: 'Read only',
    permissions: [],
    words: 'reads the items only, with a token that has the read ability',
  },
];

/** The abilities a token starts from, and the usual sets of them. */
export const SENDER_ABILITIES = ['create', 'delete'];
export const TOKEN_ROLES = [
  {
    name: 'Sender',
    abilities: SENDER_ABILITIES,
    words: 'sends and deletes items and runs full syncs, reads nothing back',
  },
  { name: 'Read only', abilities: ['read'], words: 'reads, changes nothing' },
  {
    name: 'Everything',
    abilities: ['read', 'create', 'update', 'delete'],
    words: 'all four, for an operator',
  },
];
