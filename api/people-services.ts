/**
 * What people's sign-in needs (docs/access.md#people-and-passwords): passwords, invitations,
 * console sessions and the counts of sign-in attempts, built once per API process.
 */
import type { ApiConfig } from '../core/platform/config';
import type { Logger } from '../core/platform/logger';
import type { KeySpace } from '../core/redis/key-space';
import type { RedisClient } from '../core/redis/redis-connection';
import type { Collections } from '../core/storage/collections';
import { InvitationsRepository } from '../core/auth/invitations.repository';
import { PasswordsRepository } from '../core/auth/passwords.repository';
import { SessionAccess } from '../core/auth/session-access';
import { SessionsRepository, type SessionLimits } from '../core/auth/sessions.repository';
import { SignInLimits } from '../core/auth/sign-in-limits';
import type { UsersRepository } from '../core/auth/users.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface PeopleServices {
  passwords: PasswordsRepository;
  invitations: InvitationsRepository;
  sessions: SessionsRepository;
  sessionLimits: SessionLimits;
  sessionAccess: SessionAccess;
  signInLimits: SignInLimits;
  invitationValidMs: number;
  /** The address invitation links start with (`PUBLIC_URL`). */
  publicUrl: string;
}

export function createPeopleServices(
  config: ApiConfig,
  db: Collections,
  redis: { client: RedisClient; keys: KeySpace },
  users: UsersRepository,
  logger: Logger,
): PeopleServices {
  const sessions = new SessionsRepository(db);
  const sessionLimits = {
    idleMs: config.SESSION_IDLE_MINUTES * MINUTE_MS,
    maxMs: config.SESSION_MAX_HOURS * HOUR_MS,
  };
  return {
    passwords: new PasswordsRepository(db),
    invitations: new InvitationsRepository(db),
    sessions,
    sessionLimits,
    sessionAccess: new SessionAccess({ sessions, users, limits: sessionLimits, logger }),
    signInLimits: new SignInLimits(redis.client, redis.keys, {
      perAccount: config.SIGN_IN_LIMIT_PER_ACCOUNT,
      perAddress: config.SIGN_IN_LIMIT_PER_ADDRESS,
      windowMs: config.SIGN_IN_WINDOW_MINUTES * MINUTE_MS,
      maxTracked: config.SIGN_IN_MAX_TRACKED,
    }),
    invitationValidMs: config.INVITATION_VALID_HOURS * HOUR_MS,
    publicUrl: config.PUBLIC_URL,
  };
}
