/**
 * The random secrets of sessions and invitations: 32 bytes, given out once; only their SHA-256
 * is stored, so that a copy of the database opens no session and accepts no invitation.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a secret, and the `_id` of what it opens (found by `_id` on any engine). */
export function hashOfSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A secret as handed out: 43 base64url characters; anything else is refused unread. */
export function looksLikeSecret(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
