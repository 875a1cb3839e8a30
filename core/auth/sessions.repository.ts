/**
 * Console sessions of people (docs/access.md#sessions). The cookie holds a random secret; the
 * store keeps its hash as `_id`. A session ends at `endsAt` (its absolute limit) or after being
 * idle; `expiresAt`, the sooner of the two, moves on as it is used, and the TTL index removes it.
 */
import type { AuthCollections } from './auth-collections';
import type { SessionDocument } from './person-records';

export type { SessionDocument };
import { hashOfSecret, newSecret } from './secret-token';

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

export class SessionsRepository {
  constructor(private readonly db: Pick<AuthCollections, 'sessions'>) {}

  async start(
    tenant: string,
    userId: string,
    limits: SessionLimits,
    now = new Date(),
  ): Promise<{ secret: string; session: SessionDocument }> {
    const secret = newSecret();
    const endsAt = new Date(now.getTime() + limits.maxMs);
    const session: SessionDocument = {
      _id: hashOfSecret(secret),
      tenant,
      userId,
      createdAt: now,
      lastSeenAt: now,
      endsAt,
      expiresAt: idleEnd(now, endsAt, limits),
    };
    await this.db.sessions.insertOne(session);
    return { secret, session };
  }

  /** The session, while it lasts; null once it ended, whether or not the store removed it yet. */
  async find(
    secret: string,
    limits: SessionLimits,
    now = new Date(),
  ): Promise<SessionDocument | null> {
    const session = await this.db.sessions.findOne({ _id: hashOfSecret(secret) });
    if (!session) return null;
    const idleUntil = session.lastSeenAt.getTime() + limits.idleMs;
    const endsAt = Math.min(session.endsAt.getTime(), idleUntil);
    return endsAt > now.getTime() ? session : null;
  }

  /** Marks the session used now, which moves its idle end. */
  async touch(session: SessionDocument, limits: SessionLimits, now = new Date()): Promise<void> {
    await this.db.sessions.updateOne(
      { _id: session._id },
      { $set: { lastSeenAt: now, expiresAt: idleEnd(now, session.endsAt, limits) } },
    );
  }

  async end(secret: string): Promise<void> {
    await this.db.sessions.deleteOne({ _id: hashOfSecret(secret) });
  }

  /** Ends every session of the user: sign out everywhere, a deactivation, a deletion. */
  async endAllOf(tenant: string, userId: string): Promise<number> {
    return (await this.db.sessions.deleteMany({ tenant, userId })).deletedCount;
  }
}

function idleEnd(now: Date, endsAt: Date, limits: SessionLimits): Date {
  return new Date(Math.min(endsAt.getTime(), now.getTime() + limits.idleMs));
}
