/**
 * Who a console session is (docs/access.md#sessions): the session and its user are read on every
 * request, so that signing out, signing out everywhere and a deactivation hold at once. A session
 * acts with every ability; its user's permissions decide what it may manage.
 */
import { ABILITIES } from './access';
import type { AuthFailure, Principal, SessionAuthenticator } from './authenticator';
import type { SessionDocument, SessionLimits, SessionsRepository } from './sessions.repository';
import { looksLikeSecret } from './secret-token';
import type { UsersRepository } from './users.repository';
import type { Logger } from '../platform/logger';

/** How often at most a session's use is written (which moves its idle end). */
const TOUCH_EVERY_MS = 60_000;

const signedOut = (message: string): AuthFailure => ({
  status: 401,
  error: 'invalid_token',
  message,
});

export interface SessionAccessOptions {
  sessions: SessionsRepository;
  users: UsersRepository;
  limits: SessionLimits;
  logger: Logger;
}

export class SessionAccess implements SessionAuthenticator {
  constructor(private readonly options: SessionAccessOptions) {}

  async authenticate(secret: string): Promise<Principal | AuthFailure> {
    if (!looksLikeSecret(secret)) return signedOut('The session is not known: sign in again');
    const { sessions, users, limits } = this.options;
    const now = new Date();
    const session = await sessions.find(secret, limits, now);
    if (!session) return signedOut('The session has ended: sign in again');
    const user = await users.findAnyTenant(session.userId);
    if (!user || user.tenant !== session.tenant) {
      return signedOut("The session's user no longer exists");
    }
    if (!user.active) return signedOut("The session's user is deactivated");
    this.touch(session, now);
    return {
      via: 'session',
      tenant: session.tenant,
      userId: user._id,
      tokenId: sessionLabel(session),
      abilities: [...ABILITIES],
      permissions: user.permissions,
      fromSessionOf: user._id,
    };
  }

  private touch(session: SessionDocument, now: Date): void {
    if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
    this.options.sessions.touch(session, this.options.limits, now).catch((error: unknown) => {
      this.options.logger.warn({ err: error }, 'could not record session use');
    });
  }
}

/**
 * What stands for the session where a token id is recorded (history, logs): a prefix of the
 * stored hash, which tells nothing of the cookie's secret.
 */
function sessionLabel(session: Pick<SessionDocument, '_id'>): string {
  return `session:${session._id.slice(0, 16)}`;
}
