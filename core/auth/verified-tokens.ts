/**
 * Tokens whose signature this process has checked: a sync source sends the same token all day,
 * and checking it costs an HMAC and a claims parse per request. An entry is keyed by the whole
 * token string, so a hit is the very token that was verified; its expiry is checked on every
 * use. Refused tokens are not kept. Revocation and the user's state are the Authenticator's
 * business, read through its own short cache.
 */
import {
  TokenVerifyError,
  verifyToken,
  type TokenClaims,
  type VerifiedToken,
} from './token-signer';

const MAX_ENTRIES = 10_000;

export class VerifiedTokens {
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The token's claims; throws TokenVerifyError as `verifyToken` does. */
  claimsOf(token: string): TokenClaims {
    let entry = this.verified.get(token);
    if (!entry) {
      entry = verifyToken(token, this.secret);
      if (this.verified.size >= MAX_ENTRIES) this.verified.clear();
      this.verified.set(token, entry);
    }
    if (this.now() >= entry.expiresAtMs) {
      this.verified.delete(token);
      throw new TokenVerifyError('expired');
    }
    return entry.claims;
  }
}
