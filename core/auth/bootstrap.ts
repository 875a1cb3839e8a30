/**
 * Creates a tenant with its first user (both permissions) and a token with all four abilities:
 * what `npm run cli -- bootstrap` and `npm run dev` hand to a new tenant. Run again, it reuses
 * the user as it is, and refuses a deactivated one, whose token no call would take.
 */
import { ABILITIES, PERMISSIONS, type Permission } from './access';
import { tenantSlugSchema } from '../domain/names';
import type { AuthCollections } from './auth-collections';
import { TokensRepository } from './tokens.repository';
import { UsersRepository } from './users.repository';
import { signToken } from './token-signer';

export interface BootstrapResult {
  tenant: string;
  userId: string;
  tokenId: string;
  token: string;
  /** The user's permissions: a reused user keeps its own, which may be fewer than both. */
  permissions: Permission[];
}

/** The email names a deactivated user of the tenant: it must be activated first. */
export class DeactivatedUserError extends Error {
  constructor(
    readonly tenant: string,
    readonly email: string,
  ) {
    super(`the user ${email} of tenant "${tenant}" is deactivated`);
    this.name = 'DeactivatedUserError';
  }
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
  const existing = await users.findByEmail(tenant, input.email);
  if (existing && !existing.active) throw new DeactivatedUserError(tenant, existing.email);
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
  return { tenant, userId: user._id, tokenId: record._id, token, permissions: user.permissions };
}
