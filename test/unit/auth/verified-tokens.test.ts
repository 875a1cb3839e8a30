/**
 * The per-process cache of checked token signatures: a token is verified once, its expiry is
 * checked on every use, and a refused token is never kept.
 */
import { signToken, TokenVerifyError } from '../../../core/auth/token-signer';
import { VerifiedTokens } from '../../../core/auth/verified-tokens';

const SECRET = 'a-test-secret-of-at-least-32-bytes-long';
const claims = { userId: 'u1', tenant: 'acme', tokenId: 't1', abilities: ['create' as const] };

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof TokenVerifyError ? error.reason : String(error);
  }
}

describe('verified tokens', () => {
  it('when a valid token is presented twice, then both answers carry its claims', () => {
    const tokens = new VerifiedTokens(SECRET);
    const token = signToken(claims, SECRET);
    expect(tokens.claimsOf(token)).toEqual(claims);
    expect(tokens.claimsOf(token)).toEqual(claims);
  });

  it('when a kept token reaches its expiry, then it is refused as expired', () => {
    let now = Date.now();
    const tokens = new VerifiedTokens(SECRET, () => now);
    const token = signToken(claims, SECRET, new Date(now + 60_000));
    expect(tokens.claimsOf(token)).toEqual(claims);
    now += 61_000;
    expect(reasonOf(() => tokens.claimsOf(token))).toBe('expired');
  });

  it('when a token signed with another secret is presented again, then it is refused again', () => {
    const tokens = new VerifiedTokens(SECRET);
    const forged = signToken(claims, 'another-secret-of-at-least-32-bytes!!');
    expect(reasonOf(() => tokens.claimsOf(forged))).toBe('bad_signature');
    expect(reasonOf(() => tokens.claimsOf(forged))).toBe('bad_signature');
  });

  it('when a kept token is altered by one character, then the altered one is checked and refused', () => {
    const tokens = new VerifiedTokens(SECRET);
    const token = signToken(claims, SECRET);
    tokens.claimsOf(token);
    // The signature's first character: it carries 6 bits of the signature, none of them padding.
    const [header, payload, signature = ''] = token.split('.');
    const altered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(reasonOf(() => tokens.claimsOf(`${header}.${payload}.${altered}`))).toBe(
      'bad_signature',
    );
  });
});
