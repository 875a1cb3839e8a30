/**
 * Decides who a request is and whether it may do what it asks (docs/access.md). The token's
 * signature and expiry come from the JWT; revocation, the user's existence, activity and
 * permissions come from MongoDB, cached per process for at most `freshnessMs` so that a change
 * holds on every API process within a second.
 */
import type { AccessRequirement, Ability, Permission } from './access';
import type { Logger } from '../platform/logger';
import type { TokenDocument } from './token-record';
import { TokenVerifyError, type VerifyFailure } from './token-signer';
import type { UserDocument } from './user';
import { VerifiedTokens } from './verified-tokens';
import type { TokensRepository } from './tokens.repository';
import type { UsersRepository } from './users.repository';

export interface Principal {
  /** A machine's or operator's Bearer token, or a person's console session (its cookie). */
  via: 'token' | 'session';
  tenant: string;
  userId: string;
  tokenId: string;
  abilities: Ability[];
  permissions: Permission[];
  /**
   * The user whose console session this principal descends from: the session's own user, or the
   * token's `fromSessionOf`. A token made by this principal records it.
   */
  fromSessionOf: string | null;
}

export interface AuthFailure {
  status: 401 | 403;
  error: 'invalid_token' | 'insufficient_scope';
  message: string;
}

const unauthenticated = (message: string): AuthFailure => ({
  status: 401,
  error: 'invalid_token',
  message,
});

const VERIFY_MESSAGES: Record<VerifyFailure, string> = {
  malformed: 'The token is malformed',
  bad_signature: 'The token signature is not valid',
  expired: 'The token has expired',
};

interface CachedAccess {
  token: TokenDocument | null;
  user: UserDocument | null;
  loadedAt: number;
}

export interface AuthenticatorOptions {
  tokens: TokensRepository;
  users: UsersRepository;
  secret: string;
  logger: Logger;
  /** How long a looked-up token and user are trusted before being read again. */
  freshnessMs?: number;
  /** How often a token's `lastUsedAt` is written at most. */
  touchEveryMs?: number;
  /** The clock, in epoch milliseconds (tests move it instead of waiting). */
  now?: () => number;
  /** People's console sessions (session-access.ts); without it, only tokens authenticate. */
  sessions?: SessionAuthenticator;
}

/** Who a console session's cookie is. */
export interface SessionAuthenticator {
  authenticate(secret: string): Promise<Principal | AuthFailure>;
}

/** What a request offers to prove who it is. */
export interface Credentials {
  authorization?: string;
  /** The console session cookie's value. */
  sessionSecret?: string;
}

const CACHE_LIMIT = 10_000;

export class Authenticator {
  private readonly cache = new Map<string, CachedAccess>();
  /** Loads under way: the requests that arrive meanwhile wait for the same one. */
  private readonly loading = new Map<string, Promise<CachedAccess>>();
  private readonly touched = new Map<string, number>();
  private readonly freshnessMs: number;
  private readonly touchEveryMs: number;
  private readonly verified: VerifiedTokens;
  private readonly now: () => number;

  constructor(private readonly options: AuthenticatorOptions) {
    this.verified = new VerifiedTokens(options.secret);
    this.freshnessMs = options.freshnessMs ?? 500;
    this.touchEveryMs = options.touchEveryMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * A Bearer token when the request sends one (machines, operators, the console signed in with a
   * token), else the console session of its cookie.
   */
  authenticateRequest(credentials: Credentials): Promise<Principal | AuthFailure> {
    const { authorization, sessionSecret } = credentials;
    if (!authorization && sessionSecret && this.options.sessions) {
      return this.options.sessions.authenticate(sessionSecret);
    }
    return this.authenticate(authorization);
  }

  /** The principal of an `Authorization` header, or why there is none (always a 401). */
  async authenticate(header: string | undefined): Promise<Principal | AuthFailure> {
    if (!header)
      return unauthenticated('Missing bearer token: send "Authorization: Bearer <token>"');
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match?.[1]) return unauthenticated('The Authorization header must use the Bearer scheme');
    let claims;
    try {
      claims = this.verified.claimsOf(match[1]);
    } catch (error) {
      if (error instanceof TokenVerifyError) return unauthenticated(VERIFY_MESSAGES[error.reason]);
      throw error;
    }
    const { token, user } = await this.load(claims.tokenId, claims.userId);
    if (!token || token.tenant !== claims.tenant || token.userId !== claims.userId) {
      return unauthenticated('The token is not known');
    }
    if (token.revokedAt) return unauthenticated('The token has been revoked');
    if (token.expiresAt && token.expiresAt.getTime() <= this.now()) {
      return unauthenticated('The token has expired');
    }
    if (!user || user.tenant !== token.tenant)
      return unauthenticated("The token's user no longer exists");
    if (!user.active) return unauthenticated("The token's user is deactivated");
    this.touch(token._id);
    return {
      via: 'token',
      tenant: token.tenant,
      userId: user._id,
      tokenId: token._id,
      abilities: token.abilities,
      permissions: user.permissions,
      fromSessionOf: token.fromSessionOf,
    };
  }

  /** Null when the principal may proceed, else the 403 to answer. */
  authorize(principal: Principal, requirement: AccessRequirement): AuthFailure | null {
    if (!principal.abilities.includes(requirement.ability)) {
      return {
        status: 403,
        error: 'insufficient_scope',
        message: `The token lacks the "${requirement.ability}" ability`,
      };
    }
    if (requirement.permission && !principal.permissions.includes(requirement.permission)) {
      return {
        status: 403,
        error: 'insufficient_scope',
        message: `The token's user lacks the "${requirement.permission}" permission`,
      };
    }
    return null;
  }

  /**
   * The token and its user, as fresh as `freshnessMs`. When the cached copy expires under load,
   * the requests in flight share one load instead of each reading the database.
   */
  private load(tokenId: string, userId: string): Promise<CachedAccess> {
    const cached = this.cache.get(tokenId);
    if (cached && this.now() - cached.loadedAt < this.freshnessMs) return Promise.resolve(cached);
    const key = `${tokenId}\n${userId}`;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = this.loadFresh(tokenId, userId).finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return loading;
  }

  private async loadFresh(tokenId: string, userId: string): Promise<CachedAccess> {
    const [token, user] = await Promise.all([
      this.options.tokens.findAnyTenant(tokenId),
      this.options.users.findAnyTenant(userId),
    ]);
    const fresh = { token, user, loadedAt: this.now() };
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(tokenId, fresh);
    return fresh;
  }

  /** Records use without a write per request: at most once per `touchEveryMs` per token. */
  private touch(tokenId: string): void {
    const now = this.now();
    if (now - (this.touched.get(tokenId) ?? 0) < this.touchEveryMs) return;
    if (this.touched.size >= CACHE_LIMIT) this.touched.clear();
    this.touched.set(tokenId, now);
    this.options.tokens.touch(tokenId, new Date(now)).catch((error: unknown) => {
      this.options.logger.warn({ err: error, tokenId }, 'could not record token use');
    });
  }
}

export function isAuthFailure(value: Principal | AuthFailure): value is AuthFailure {
  return 'error' in value;
}
