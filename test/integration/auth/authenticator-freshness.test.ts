/**
 * A revoked token, or a permission taken away, stops working within a second on every API process
 * (docs/access.md#tokens): each process trusts what it read of a token and its user for 500 ms,
 * then reads them again. The clock is moved by the test, not waited for.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { Authenticator } from '../../../core/auth/authenticator';
import { bootstrapTenant } from '../../../core/auth/bootstrap';
import { signToken, type TokenClaims } from '../../../core/auth/token-signer';
import { TokensRepository } from '../../../core/auth/tokens.repository';
import { UsersRepository } from '../../../core/auth/users.repository';
import { createLogger } from '../../../core/platform/logger';
import { connectMongo } from '../../../core/mongo/connection';
import { collections } from '../../../core/storage/collections';
import { TEST_JWT_SECRET, uniqueMongoUrl } from '../../support/test-env';

describe('how soon a change to a token or its user holds', () => {
  let mongo: Connection;
  let tokens: TokensRepository;
  let users: UsersRepository;
  let clock = 0;
  let authenticator: Authenticator;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('freshness'), 'test');
    tokens = new TokensRepository(collections(mongo));
    users = new UsersRepository(collections(mongo));
  });
  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
  });

  beforeEach(() => {
    clock = Date.now();
    authenticator = new Authenticator({
      tokens,
      users,
      secret: TEST_JWT_SECRET,
      logger: createLogger('test', 'silent'),
      now: () => clock,
    });
  });

  const tenant = () => `t${Math.random().toString(36).slice(2, 10)}`;

  it('when a token is revoked, then it still works for under a second and then never again', async () => {
    const issued = await bootstrapTenant(collections(mongo), TEST_JWT_SECRET, {
      tenant: tenant(),
      email: 'owner@acme.test',
    });
    const header = `Bearer ${issued.token}`;
    expect(await authenticator.authenticate(header)).toHaveProperty('tenant');
    await tokens.revoke(issued.tenant, issued.tokenId);

    clock += 499;
    expect(await authenticator.authenticate(header)).toHaveProperty('tenant');
    clock += 2;
    expect(await authenticator.authenticate(header)).toMatchObject({
      message: 'The token has been revoked',
    });
  });

  it('when a user is deactivated, then its tokens stop working within a second', async () => {
    const issued = await bootstrapTenant(collections(mongo), TEST_JWT_SECRET, {
      tenant: tenant(),
      email: 'owner@acme.test',
    });
    const header = `Bearer ${issued.token}`;
    expect(await authenticator.authenticate(header)).toHaveProperty('tenant');
    await users.update(issued.tenant, issued.userId, { active: false });

    clock += 1_000;
    expect(await authenticator.authenticate(header)).toMatchObject({
      message: "The token's user is deactivated",
    });
  });

  it('when a token was looked up before its record existed, then its record is read again within a second', async () => {
    const issued = await bootstrapTenant(collections(mongo), TEST_JWT_SECRET, {
      tenant: tenant(),
      email: 'owner@acme.test',
    });
    const tokenId = randomUUID();
    const { userId, tenant: tokenTenant } = issued;
    const claims: TokenClaims = { userId, tenant: tokenTenant, tokenId, abilities: ['read'] };
    const header = `Bearer ${signToken(claims, TEST_JWT_SECRET)}`;
    expect(await authenticator.authenticate(header)).toMatchObject({
      message: 'The token is not known',
    });
    await collections(mongo).tokens.insertOne({
      _id: tokenId,
      tenant: issued.tenant,
      userId: issued.userId,
      name: 'late',
      abilities: ['read'],
      createdAt: new Date(clock),
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
      fromSessionOf: null,
    });

    clock += 501;
    expect(await authenticator.authenticate(header)).toHaveProperty('tokenId', tokenId);
  });

  it('when many requests find the cached token stale at once, then they share one read of it', async () => {
    class CountingTokens extends TokensRepository {
      reads = 0;
      override findAnyTenant(id: string) {
        this.reads += 1;
        return super.findAnyTenant(id);
      }
    }
    const counting = new CountingTokens(collections(mongo));
    const shared = new Authenticator({
      tokens: counting,
      users,
      secret: TEST_JWT_SECRET,
      logger: createLogger('test', 'silent'),
      now: () => clock,
    });
    const issued = await bootstrapTenant(collections(mongo), TEST_JWT_SECRET, {
      tenant: tenant(),
      email: 'owner@acme.test',
    });
    const header = `Bearer ${issued.token}`;
    await shared.authenticate(header);
    clock += 501;
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => shared.authenticate(header)),
    );
    expect(answers.every((answer) => 'tenant' in answer)).toBe(true);
    expect(counting.reads).toBe(2);
  });
});
