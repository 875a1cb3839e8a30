/**
 * The tenant's last admin under concurrency (docs/access.md#under-concurrency), on the use cases
 * themselves with the real engine: each change runs in the tenant's user turn, so the check
 * "another active admin remains" still holds when the write it allows commits. The changes of
 * two callers are made to read before either writes (test/support/write-interleavings.ts), the
 * interleaving that would break the rule.
 */
import type { Connection } from 'mongoose';
import type { Permission } from '../../../core/auth/access';
import { changeUser } from '../../../core/auth/change-user';
import { deleteUser } from '../../../core/auth/delete-user';
import type { Caller, UserChangeServices } from '../../../core/auth/user-change-services';
import { UserTurns } from '../../../core/auth/user-turn';
import { UsersRepository } from '../../../core/auth/users.repository';
import { connectMongo } from '../../../core/mongo/connection';
import { transactionsOf } from '../../../core/mongo/transactions';
import { collections, type Collections } from '../../../core/storage/collections';
import { uniqueMongoUrl } from '../../support/test-env';
import { DIED, dyingAtSecondWrite, meetingWrites } from '../../support/write-interleavings';

const BOTH: Permission[] = ['manage_funnels', 'manage_settings'];
const ROUNDS = 5;

describe("the tenant's last admin", () => {
  let mongo: Connection;
  let db: Collections;
  let users: UsersRepository;
  let tenants = 0;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('last-admin'), 'test');
    db = collections(mongo);
    users = new UsersRepository(db);
  });
  afterAll(async () => {
    await mongo.dropDatabase();
    await mongo.close();
  });

  const servicesOver = (over: Collections): UserChangeServices => ({
    users: new UsersRepository(over),
    turns: new UserTurns(transactionsOf(mongo), over),
  });

  /** A tenant with `count` admins, as callers. */
  async function admins(count: number): Promise<Caller[]> {
    tenants += 1;
    const tenant = `t${tenants}`;
    const made: Caller[] = [];
    for (let i = 0; i < count; i += 1) {
      const user = await users.create(tenant, { email: `a${i}@x.test`, permissions: BOTH });
      made.push({ tenant, userId: user._id, permissions: BOTH });
    }
    return made;
  }

  const activeAdmins = async (tenant: string) =>
    (await users.list(tenant)).filter((u) => u.active && u.permissions.includes('manage_settings'))
      .length;

  it('when the caller was deactivated a moment ago but is still trusted, then the only active admin cannot be deactivated, demoted or deleted', async () => {
    const services = servicesOver(db);
    const [stale, only] = await admins(2);
    // Its user changed, but its permissions are those its token was last checked with.
    await users.update(stale!.tenant, stale!.userId, { active: false });
    for (const attempt of [
      () => changeUser(services, stale!, only!.userId, { active: false }),
      () => changeUser(services, stale!, only!.userId, { permissions: ['manage_funnels'] }),
      () => deleteUser(services, stale!, only!.userId),
    ]) {
      const outcome = await attempt();
      expect(outcome).toEqual({ refused: { kind: 'last_admin', loss: expect.any(String) } });
    }
    expect(await users.find(only!.tenant, only!.userId)).toMatchObject({
      active: true,
      permissions: BOTH,
    });
  });

  it.each([
    [
      'demote',
      (s: UserChangeServices, by: Caller, id: string) =>
        changeUser(s, by, id, { permissions: ['manage_funnels'] }),
    ],
    [
      'deactivate',
      (s: UserChangeServices, by: Caller, id: string) => changeUser(s, by, id, { active: false }),
    ],
    ['delete', (s: UserChangeServices, by: Caller, id: string) => deleteUser(s, by, id)],
  ])(
    'when two admins %s each other at once, each having counted the other, then exactly one is done',
    async (_verb, act) => {
      const meeting = meetingWrites(db);
      const services = servicesOver(meeting.db);
      for (let round = 0; round < ROUNDS; round += 1) {
        const [a, b] = await admins(2);
        meeting.round();
        const outcomes = await Promise.all([
          act(services, a!, b!.userId),
          act(services, b!, a!.userId),
        ]);
        expect(outcomes.filter((outcome) => 'done' in outcome)).toHaveLength(1);
        expect(outcomes.filter((outcome) => 'refused' in outcome)).toEqual([
          { refused: { kind: 'last_admin', loss: expect.any(String) } },
        ]);
        expect(await activeAdmins(a!.tenant)).toBe(1);
      }
    },
  );

  it('when the process dies while a user is deleted, then the user is still there with its sessions', async () => {
    const [admin, doomed] = await admins(2);
    await db.sessions.insertOne({
      _id: `session-of-${doomed!.userId}`,
      tenant: doomed!.tenant,
      userId: doomed!.userId,
      createdAt: new Date(),
      lastSeenAt: new Date(),
      endsAt: new Date(Date.now() + 3_600_000),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const dying = dyingAtSecondWrite(db);
    dying.arm();
    await expect(deleteUser(servicesOver(dying.db), admin!, doomed!.userId)).rejects.toBe(DIED);
    expect(await users.find(doomed!.tenant, doomed!.userId)).not.toBeNull();
    expect(await db.sessions.countDocuments({ userId: doomed!.userId })).toBe(1);
  });
});
