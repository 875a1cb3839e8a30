/**
 * What is stored of people's sign-in (docs/access.md#people-and-passwords): password hashes,
 * invitations and console sessions. Secrets are never stored, only their SHA-256.
 */

/** A user's password hash, beside the user rather than in it. */
export interface PasswordDocument {
  /** The user's id. */
  _id: string;
  tenant: string;
  hash: string;
  setAt: Date;
}

/** A one-time invitation to set a password. */
export interface InvitationDocument {
  /** The SHA-256 of the secret. */
  _id: string;
  tenant: string;
  userId: string;
  createdAt: Date;
  validUntil: Date;
  usedAt: Date | null;
  expiresAt: Date;
}

/** A console session. */
export interface SessionDocument {
  /** The SHA-256 of the cookie's secret. */
  _id: string;
  tenant: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  endsAt: Date;
  expiresAt: Date;
}
