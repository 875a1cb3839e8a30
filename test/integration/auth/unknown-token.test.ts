/**
 * A new token works on its first use on any API process (docs/access.md#tokens): a process caches
 * a lookup that found no token only under that token's own id, which a new token never shares,
 * and for 500 ms at most. Two API processes share one database here; the test signs tokens whose
 * ids name nothing, as only a holder of JWT_SECRET could.
 */
import { randomUUID } from 'node:crypto';
import { signToken } from '../../../core/auth/token-signer';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { TEST_JWT_SECRET } from '../../support/test-env';

describe('a new token on another API process', () => {
  let maker: TestApi;
  let user: TestApi;

  beforeAll(async () => {
    maker = await startTestApi('unknown-token');
    user = await startTestApi('unknown-token-other', {
      MONGO_URL: maker.env.MONGO_URL!,
      QUEUE_PREFIX: maker.env.QUEUE_PREFIX!,
    });
  });
  afterAll(async () => {
    await user.close();
    await maker.close();
  });

  it('when that process just refused tokens it did not know, then a token made meanwhile works there on its first use', async () => {
    const owner = await maker.bootstrap('acme');
    const unknown = () =>
      signToken(
        { userId: owner.userId, tenant: 'acme', tokenId: randomUUID(), abilities: ['read'] },
        TEST_JWT_SECRET,
      );
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const refused = await user.call('GET', '/api/v1/settings/me', { token: unknown() });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ message: 'The token is not known' });
    }
    const made = await maker.call<{ token: string }>('POST', '/api/v1/settings/tokens', {
      token: owner.token,
      body: { name: 'new', abilities: ['read'] },
    });
    expect(made.status).toBe(201);
    const firstUse = await user.call('GET', '/api/v1/settings/me', { token: made.body.token });
    expect(firstUse.status).toBe(200);
  });
});
