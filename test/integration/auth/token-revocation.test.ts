/**
 * A revocation holds even while the token is in use. Its last use is recorded beside it, never by
 * an update of the token.
 */
import type { Connection } from 'mongoose';
import { bootstrapTenant } from '../../../core/auth/bootstrap';
import { TokensRepository } from '../../../core/auth/tokens.repository';
import { connectMongo } from '../../../core/mongo/connection';
import { collections } from '../../../core/storage/collections';
import { TEST_JWT_SECRET, uniqueMongoUrl } from '../../support/test-env';

describe('revoking a token in use', () => {
  let mongo: Connection;
  let tokens: TokensRepository;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('revocation'), 'test');
    tokens = new TokensRepository(collections(mongo));
  });
  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
  });

  it('when its use is recorded at the same time, then the revocation still holds', async () => {
    for (let round = 0; round < 5; round += 1) {
      const issued = await bootstrapTenant(collections(mongo), TEST_JWT_SECRET, {
        tenant: `revoke${round}`,
        email: 'owner@acme.test',
      });
      let using = true;
      const use = (async () => {
        while (using) await tokens.touch(issued.tokenId, new Date());
      })();
      await tokens.touch(issued.tokenId, new Date());
      expect(await tokens.revoke(issued.tenant, issued.tokenId)).toBe(true);
      using = false;
      await use;
      expect((await tokens.findAnyTenant(issued.tokenId))?.revokedAt).toBeInstanceOf(Date);
    }
  });

  it('when a token is used, then its last use is listed with it, and the token itself is not written', async () => {
    const issued = await bootstrapTenant(collections(mongo), TEST_JWT_SECRET, {
      tenant: 'used',
      email: 'owner@acme.test',
    });
    const at = new Date('2026-11-24T12:00:00Z');
    await tokens.touch(issued.tokenId, at);
    expect((await tokens.find(issued.tenant, issued.tokenId))?.lastUsedAt).toEqual(at);
    expect((await tokens.list(issued.tenant)).map((token) => token.lastUsedAt)).toEqual([at]);
    expect((await tokens.findAnyTenant(issued.tokenId))?.lastUsedAt).toBeNull();
  });
});
