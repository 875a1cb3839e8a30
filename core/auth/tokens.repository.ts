/** Token records: ids and metadata, never the token string. */
import { randomUUID } from 'node:crypto';
import type { Ability } from './access';
import type { TokenDocument } from './token-record';
import type { AuthCollections } from './auth-collections';

export class TokensRepository {
  constructor(private readonly db: Pick<AuthCollections, 'tokens'>) {}

  async create(
    tenant: string,
    fields: { userId: string; name: string; abilities: Ability[]; expiresAt: Date | null },
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
    };
    await this.db.tokens.insertOne(token);
    return token;
  }

  async find(tenant: string, id: string): Promise<TokenDocument | null> {
    const token = await this.findAnyTenant(id);
    return token && token.tenant === tenant ? token : null;
  }

  /** For authentication, which learns the tenant from the token itself. */
  async findAnyTenant(id: string): Promise<TokenDocument | null> {
    return this.db.tokens.findOne({ _id: id });
  }

  async list(tenant: string): Promise<TokenDocument[]> {
    return this.db.tokens.find({ tenant }).sort({ createdAt: 1, _id: 1 }).toArray();
  }

  /** Marks the token revoked; false when it does not exist in the tenant. */
  async revoke(tenant: string, id: string): Promise<boolean> {
    const token = await this.find(tenant, id);
    if (!token) return false;
    if (!token.revokedAt)
      await this.db.tokens.updateOne({ _id: id }, { $set: { revokedAt: new Date() } });
    return true;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.tokens.updateOne({ _id: id }, { $set: { lastUsedAt: at } });
  }
}
