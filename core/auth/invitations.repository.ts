/**
 * One-time invitations to set a password (docs/access.md#invitations). The secret is in the link
 * only; the store keeps its hash as `_id`. `validUntil` ends its use; `expiresAt`, a week later,
 * is when the store forgets it, so that an expired link still says it expired.
 */
import type { AuthCollections } from './auth-collections';
import type { InvitationDocument } from './person-records';
import { hashOfSecret, newSecret } from './secret-token';

const KEPT_AFTER_EXPIRY_MS = 7 * 24 * 3_600_000;

export type InvitationClaim =
  { claimed: InvitationDocument } | { refused: 'unknown' | 'expired' | 'used' };

export class InvitationsRepository {
  constructor(private readonly db: Pick<AuthCollections, 'invitations'>) {}

  /**
   * A new invitation for the user, which replaces the unused ones it had; answers its secret,
   * which is never stored.
   */
  async create(
    tenant: string,
    userId: string,
    validForMs: number,
    now = new Date(),
  ): Promise<{ secret: string; validUntil: Date }> {
    const secret = newSecret();
    const validUntil = new Date(now.getTime() + validForMs);
    await this.db.invitations.deleteMany({ tenant, userId, usedAt: null });
    await this.db.invitations.insertOne({
      _id: hashOfSecret(secret),
      tenant,
      userId,
      createdAt: now,
      validUntil,
      usedAt: null,
      expiresAt: new Date(validUntil.getTime() + KEPT_AFTER_EXPIRY_MS),
    });
    return { secret, validUntil };
  }

  /** Uses the invitation up: of two claims at once, one wins (a conditional update). */
  async claim(secret: string, now = new Date()): Promise<InvitationClaim> {
    const usable = await this.usable(secret, now);
    if ('refused' in usable) return usable;
    const { modifiedCount } = await this.db.invitations.updateOne(
      { _id: usable.claimed._id, usedAt: null },
      { $set: { usedAt: now } },
    );
    return modifiedCount === 1 ? usable : { refused: 'used' };
  }

  /** The invitation, when it could be claimed now: read only, to refuse early. */
  async usable(secret: string, now = new Date()): Promise<InvitationClaim> {
    const invitation = await this.db.invitations.findOne({ _id: hashOfSecret(secret) });
    if (!invitation) return { refused: 'unknown' };
    if (invitation.usedAt) return { refused: 'used' };
    if (invitation.validUntil.getTime() <= now.getTime()) return { refused: 'expired' };
    return { claimed: invitation };
  }

  async removeAllOf(tenant: string, userId: string): Promise<void> {
    await this.db.invitations.deleteMany({ tenant, userId });
  }
}
