/**
 * Users' password hashes, beside the users rather than in them: the user document goes out in
 * every answer about users, and a hash must never.
 */
import type { AuthCollections } from './auth-collections';

export class PasswordsRepository {
  constructor(private readonly db: Pick<AuthCollections, 'passwords'>) {}

  async set(tenant: string, userId: string, hash: string): Promise<void> {
    await this.db.passwords.replaceOne(
      { _id: userId },
      { tenant, hash, setAt: new Date() },
      { upsert: true },
    );
  }

  async hashOf(tenant: string, userId: string): Promise<string | null> {
    const stored = await this.db.passwords.findOne({ _id: userId });
    return stored && stored.tenant === tenant ? stored.hash : null;
  }

  async remove(userId: string): Promise<void> {
    await this.db.passwords.deleteOne({ _id: userId });
  }
}
