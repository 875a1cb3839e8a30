/**
 * Accepting an invitation uses up its link and sets the password in one transaction
 * (docs/access.md#invitations): a process that dies between the two leaves the link usable, and
 * the person can try again.
 */
import type { Connection } from 'mongoose';
import { acceptInvitation, type InvitationServices } from '../../../core/auth/accept-invitation';
import { InvitationsRepository } from '../../../core/auth/invitations.repository';
import { PasswordsRepository } from '../../../core/auth/passwords.repository';
import { SessionsRepository } from '../../../core/auth/sessions.repository';
import { TokensRepository } from '../../../core/auth/tokens.repository';
import { UserTurns } from '../../../core/auth/user-turn';
import { UsersRepository } from '../../../core/auth/users.repository';
import { connectMongo } from '../../../core/mongo/connection';
import { transactionsOf } from '../../../core/mongo/transactions';
import { collections, type Collections } from '../../../core/storage/collections';
import { uniqueMongoUrl } from '../../support/test-env';
import { DIED, dyingAtSecondWrite } from '../../support/write-interleavings';

const PASSWORD = 'a long and uncommon passphrase';

describe('accepting an invitation', () => {
  let mongo: Connection;
  let db: Collections;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('invitationaccept'), 'test');
    db = collections(mongo);
  });
  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
  });

  const servicesOver = (over: Collections): InvitationServices => ({
    users: new UsersRepository(over),
    passwords: new PasswordsRepository(over),
    invitations: new InvitationsRepository(over),
    sessions: new SessionsRepository(over),
    tokens: new TokensRepository(over),
    turns: new UserTurns(transactionsOf(mongo), over),
  });

  it('when the process dies between using up the link and setting the password, then the link still works', async () => {
    const user = await new UsersRepository(db).create('acme', {
      email: 'new@x.test',
      permissions: [],
    });
    const { secret } = await new InvitationsRepository(db).create('acme', user._id, 3_600_000);
    const dying = dyingAtSecondWrite(db);
    dying.arm();

    await expect(acceptInvitation(servicesOver(dying.db), secret, PASSWORD)).rejects.toBe(DIED);
    expect(await new PasswordsRepository(db).hashOf('acme', user._id)).toBeNull();

    expect(await acceptInvitation(servicesOver(db), secret, PASSWORD)).toEqual({
      accepted: { tenant: 'acme', email: 'new@x.test' },
    });
    expect(await new PasswordsRepository(db).hashOf('acme', user._id)).not.toBeNull();
  });
});
