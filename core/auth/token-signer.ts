/**
 * Signs and verifies API tokens: JWTs with HS256 only, so `alg: none` and algorithm confusion
 * are refused by construction.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { abilitySchema, type Ability } from './access';

const ALGORITHM = 'HS256';
const ISSUER = 'funnel-sync';

const tokenClaimsSchema = z.object({
  sub: z.string().min(1),
  tid: z.string().min(1),
  jti: z.string().min(1),
  abl: z.array(abilitySchema),
  exp: z.number().optional(),
});

export interface TokenClaims {
  userId: string;
  tenant: string;
  tokenId: string;
  abilities: Ability[];
}

export type VerifyFailure = 'malformed' | 'bad_signature' | 'expired';

export class TokenVerifyError extends Error {
  constructor(readonly reason: VerifyFailure) {
    super(`token ${reason}`);
    this.name = 'TokenVerifyError';
  }
}

const keys = new Map<string, KeyObject>();

/**
 * The secret as a KeyObject, made once: given a string, jsonwebtoken first tries it as a public
 * key on every call before taking it as an HMAC secret, a cost on every request (bench/HISTORY.md).
 */
function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function signToken(claims: TokenClaims, secret: string, expiresAt?: Date | null): string {
  const payload = {
    sub: claims.userId,
    tid: claims.tenant,
    jti: claims.tokenId,
    abl: claims.abilities,
    ...(expiresAt ? { exp: Math.floor(expiresAt.getTime() / 1000) } : {}),
  };
  return jwt.sign(payload, keyFor(secret), { algorithm: ALGORITHM, issuer: ISSUER });
}

export interface VerifiedToken {
  claims: TokenClaims;
  /** When the token stops being valid (its `exp`, in ms); Infinity when it does not expire. */
  expiresAtMs: number;
}

export function verifyToken(token: string, secret: string): VerifiedToken {
  let payload: unknown;
  try {
    payload = jwt.verify(token, keyFor(secret), { algorithms: [ALGORITHM], issuer: ISSUER });
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw new TokenVerifyError('expired');
    if (error instanceof jwt.JsonWebTokenError && /signature|algorithm/i.test(error.message)) {
      throw new TokenVerifyError('bad_signature');
    }
    throw new TokenVerifyError('malformed');
  }
  const parsed = tokenClaimsSchema.safeParse(payload);
  if (!parsed.success) throw new TokenVerifyError('malformed');
  const { sub, tid, jti, abl, exp } = parsed.data;
  return {
    claims: { userId: sub, tenant: tid, tokenId: jti, abilities: abl },
    expiresAtMs: exp === undefined ? Infinity : exp * 1000,
  };
}
