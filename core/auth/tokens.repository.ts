/** Token records: ids and metadata, never the token string. */
import { randomUUID } from 'node:crypto';
import type { Ability } from './access';
import type { TokenDocument } from './token-record';
import { isIdCollision } from '../mongo/duplicate-key';
import type { AuthCollections } from './auth-collections';

export class TokensRepository {
  constructor(private readonly db: Pick<AuthCollections, 'tokens' | 'tokenUses'>) {}

  async create(
    tenant: string,
    fields: {
      userId: string;
      name: string;
      abilities: Ability[];
      expiresAt: Date | null;
      fromSessionOf?: string | null;
    },
  ): Promise<TokenDocument> {
    const token: TokenDocument = {
      _id: randomUUID(),
      tenant,
      userId: fields.userId,
      name: fields.name,
      abilities: [...new Set(fields.abilities)],
      createdAt: new Date(),
      expiresAt: fields.expiresAt,
      revokedAt: null,
      lastUsedAt: null,
      fromSessionOf: fields.fromSessionOf ?? null,
    };
    await this.db.tokens.insertOne(token);
    return token;
  }

  async find(tenant: string, id: string): Promise<TokenDocument | null> {
    const token = await this.findAnyTenant(id);
    if (!token || token.tenant !== tenant) return null;
    const [withUse] = await this.withUses([token]);
    return withUse ?? null;
  }

  /** For authentication, which learns the tenant from the token itself (without its last use). */
  async findAnyTenant(id: string): Promise<TokenDocument | null> {
    return this.db.tokens.findOne({ _id: id });
  }

  async list(tenant: string): Promise<TokenDocument[]> {
    return this.withUses(
      await this.db.tokens.find({ tenant }).sort({ createdAt: 1, _id: 1 }).toArray(),
    );
  }

  /** Marks the token revoked; false when it does not exist in the tenant. */
  async revoke(tenant: string, id: string): Promise<boolean> {
    const token = await this.findAnyTenant(id);
    if (!token || token.tenant !== tenant) return false;
    if (!token.revokedAt)
      await this.db.tokens.updateOne({ _id: id }, { $set: { revokedAt: new Date() } });
    return true;
  }

  /** Revokes the tokens that descend from the user's console sessions; answers how many. */
  async revokeFromSessionsOf(tenant: string, userId: string): Promise<number> {
    const { modifiedCount } = await this.db.tokens.updateMany(
      { tenant, fromSessionOf: userId, revokedAt: null },
      { $set: { revokedAt: new Date() } },
    );
    return modifiedCount;
  }

  /** Records the token's use (in `token_uses`: never an update of the token itself). */
  async touch(id: string, at: Date): Promise<void> {
    try {
      await this.db.tokenUses.updateOne(
        { _id: id },
        { $set: { lastUsedAt: at } },
        { upsert: true },
      );
    } catch (error) {
      // Two first uses at once: the other one recorded it.
      if (!isIdCollision(error)) throw error;
    }
  }

  /** The tokens with their last use, where it was recorded. */
  private async withUses(tokens: TokenDocument[]): Promise<TokenDocument[]> {
    if (tokens.length === 0) return tokens;
    const ids = tokens.map((token) => token._id);
    const uses = await this.db.tokenUses
      .find(ids.length === 1 ? { _id: ids[0] } : { _id: { $in: ids } })
      .toArray();
    const lastUse = new Map(uses.map((use) => [use._id, use.lastUsedAt]));
    return tokens.map((token) => ({
      ...token,
      lastUsedAt: lastUse.get(token._id) ?? token.lastUsedAt,
    }));
  }
}
