/**
 * Creates a tenant with its first user (both permissions) and a token with all four abilities:
 * what `npm run cli -- bootstrap` and `npm run dev` hand to a new tenant.
 */
import { ABILITIES, PERMISSIONS } from './access';
import { tenantSlugSchema } from '../keys/keys';
import type { AuthCollections } from './auth-collections';
import { TokensRepository } from './tokens.repository';
import { UsersRepository } from './users.repository';
import { signToken } from './token-signer';

export interface BootstrapResult {
  tenant: string;
  userId: string;
  tokenId: string;
  token: string;
}

export async function bootstrapTenant(
  db: AuthCollections,
  secret: string,
  input: { tenant: string; email: string; tokenName?: string },
): Promise<BootstrapResult> {
  const tenant = tenantSlugSchema.parse(input.tenant);
  await db.tenants.updateOne(
    { _id: tenant },
    { $setOnInsert: { createdAt: new Date() } },
    { upsert: true },
  );
  const users = new UsersRepository(db);
  const existing = (await users.list(tenant)).find(
    (user) => user.email === input.email.toLowerCase(),
  );
  const user =
    existing ?? (await users.create(tenant, { email: input.email, permissions: [...PERMISSIONS] }));
  const record = await new TokensRepository(db).create(tenant, {
    userId: user._id,
    name: input.tokenName ?? 'bootstrap',
    abilities: [...ABILITIES],
    expiresAt: null,
  });
  const token = signToken(
    { userId: user._id, tenant, tokenId: record._id, abilities: record.abilities },
    secret,
  );
  return { tenant, userId: user._id, tokenId: record._id, token };
}
