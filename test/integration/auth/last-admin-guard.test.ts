/**
 * The tenant's last admin under concurrency (docs/access.md#under-concurrency), on the use cases
 * themselves with real engines: the check before the write, under the per-tenant lock; and the
 * count after the write, which must hold on its own when the lock failed (its lease lost).
 */
import type { Connection } from 'mongoose';
import type { Permission } from '../../../core/auth/access';
import { changeUser } from '../../../core/auth/change-user';
import { deleteUser } from '../../../core/auth/delete-user';
import type { Caller, UserChangeServices } from '../../../core/auth/user-change-services';
import { redisUserChangesLock, type UserChangesLock } from '../../../core/auth/user-changes-lock';
import { UsersRepository } from '../../../core/auth/users.repository';
import { createLogger } from '../../../core/platform/logger';
import { connectMongo } from '../../../core/mongo/connection';
import { collections } from '../../../core/storage/collections';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniqueMongoUrl, uniquePrefix } from '../../support/test-env';

const BOTH: Permission[] = ['manage_funnels', 'manage_settings'];

/** A lock that lets every change through at once: what a lost lease amounts to. */
const LOST_LOCK: UserChangesLock = { around: (_tenant, change) => change() };

describe("the tenant's last admin", () => {
  let mongo: Connection;
  let redis: RedisClient;
  let users: UsersRepository;
  let locked: UserChangeServices;
  let unlocked: UserChangeServices;
  let tenants = 0;

  beforeAll(async () => {
    mongo = await connectMongo(uniqueMongoUrl('last-admin'), 'test');
    redis = testRedis();
    users = new UsersRepository(collections(mongo));
    const lock = redisUserChangesLock(
      redis,
      testKeys(uniquePrefix('last-admin')),
      createLogger('t', 'silent'),
    );
    locked = { users, lock };
    unlocked = { users, lock: LOST_LOCK };
  });
  afterAll(async () => {
    redis.disconnect();
    await mongo.dropDatabase();
    await mongo.close();
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
    const [stale, only] = await admins(2);
    // Its user changed, but its permissions are those its token was last checked with.
    await users.update(stale!.tenant, stale!.userId, { active: false });
    for (const attempt of [
      () => changeUser(locked, stale!, only!.userId, { active: false }),
      () => changeUser(locked, stale!, only!.userId, { permissions: ['manage_funnels'] }),
      () => deleteUser(locked, stale!, only!.userId),
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
    'when two admins %s each other at once under the lock, then exactly one is done',
    async (_verb, act) => {
      for (let round = 0; round < 5; round += 1) {
        const [a, b] = await admins(2);
        const outcomes = await Promise.all([
          act(locked, a!, b!.userId),
          act(locked, b!, a!.userId),
        ]);
        expect(outcomes.filter((outcome) => 'done' in outcome)).toHaveLength(1);
        expect(outcomes.filter((outcome) => 'refused' in outcome)).toEqual([
          { refused: { kind: 'last_admin', loss: expect.any(String) } },
        ]);
        expect(await activeAdmins(a!.tenant)).toBe(1);
      }
    },
  );

  it('when the lock is lost and two admins demote, deactivate or delete each other at once, then the count after the write still leaves an admin', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [a, b] = await admins(2);
      const outcomes = await Promise.all([
        round % 2 === 0
          ? changeUser(unlocked, a!, b!.userId, { permissions: ['manage_funnels'] })
          : deleteUser(unlocked, a!, b!.userId),
        changeUser(unlocked, b!, a!.userId, { active: false }),
      ]);
      expect(await activeAdmins(a!.tenant)).toBeGreaterThanOrEqual(1);
      // A change that was refused left its user as it was.
      for (const [index, outcome] of outcomes.entries()) {
        if (!('refused' in outcome)) continue;
        const target = index === 0 ? b! : a!;
        expect(await users.find(target.tenant, target.userId)).toMatchObject({
          active: true,
          permissions: BOTH,
        });
      }
    }
  });
});
