/**
 * A person signs in with tenant, e-mail and password (docs/access.md#signing-in): the attempt is
 * counted, the password checked (against a stand-in hash when the e-mail names nobody, so that
 * both refusals take the same time and say the same), and a session starts.
 */
import { STAND_IN_HASH, verifyPassword } from './password-hash';
import type { PasswordsRepository } from './passwords.repository';
import type { SessionDocument, SessionLimits, SessionsRepository } from './sessions.repository';
import type { SignInLimitRefusal, SignInLimits } from './sign-in-limits';
import type { UsersRepository } from './users.repository';

export interface SignInServices {
  users: UsersRepository;
  passwords: PasswordsRepository;
  sessions: SessionsRepository;
  limits: SignInLimits;
  sessionLimits: SessionLimits;
}

export interface SignInAttempt {
  tenant: string;
  email: string;
  password: string;
  /** The client's address, as express reads it under its `trust proxy` setting. */
  address: string;
}

export type SignInOutcome =
  | { signedIn: { secret: string; session: SessionDocument } }
  | { refused: 'wrong_credentials' }
  | SignInLimitRefusal;

export async function signIn(
  services: SignInServices,
  attempt: SignInAttempt,
): Promise<SignInOutcome> {
  const { tenant, email, password, address } = attempt;
  const limited = await services.limits.attempt(tenant, email, address);
  if (limited) return limited;

  const user = await services.users.findByEmail(tenant, email);
  const hash = user?.active ? await services.passwords.hashOf(tenant, user._id) : null;
  const matches = await verifyPassword(password, hash ?? STAND_IN_HASH);
  if (!user || !hash || !matches) return { refused: 'wrong_credentials' };

  await services.limits.succeeded(tenant, email);
  const signedIn = await services.sessions.start(tenant, user._id, services.sessionLimits);
  return { signedIn };
}
