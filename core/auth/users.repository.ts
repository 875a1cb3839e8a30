/** Users of a tenant. */
import { randomUUID } from 'node:crypto';
import type { Permission } from './access';
import type { UserBody, UserDocument } from './user';
import type { AuthCollections } from './auth-collections';
import { ADMIN_PERMISSION } from './tenant-admins';
import { DuplicateError, isDuplicateKey } from '../mongo/duplicate-key';

type UserCollections = Pick<AuthCollections, 'users' | 'sessions' | 'passwords' | 'invitations'>;

export class UsersRepository {
  constructor(private readonly db: UserCollections) {}

  async create(tenant: string, body: UserBody): Promise<UserDocument> {
    const now = new Date();
    const user: UserDocument = {
      _id: randomUUID(),
      tenant,
      email: body.email.toLowerCase(),
      name: body.name ?? null,
      permissions: [...new Set(body.permissions)],
      active: true,
      createdAt: now,
      updatedAt: now,
    };
    if (await this.db.users.findOne({ tenant, email: user.email }, { projection: { _id: 1 } })) {
      throw new DuplicateError('email', `A user with email ${user.email} already exists`);
    }
    try {
      await this.db.users.insertOne(user);
    } catch (error) {
      if (isDuplicateKey(error))
        throw new DuplicateError('email', `A user with email ${user.email} already exists`);
      throw error;
    }
    return user;
  }

  /** By id, within the tenant: another tenant's user is as absent as a missing one. */
  async find(tenant: string, id: string): Promise<UserDocument | null> {
    const user = await this.findAnyTenant(id);
    return user && user.tenant === tenant ? user : null;
  }

  /** For authentication, which checks the tenant itself. */
  async findAnyTenant(id: string): Promise<UserDocument | null> {
    return this.db.users.findOne({ _id: id });
  }

  async list(tenant: string): Promise<UserDocument[]> {
    return this.db.users.find({ tenant }).sort({ createdAt: 1, _id: 1 }).toArray();
  }

  /** By email, as stored (lower case). */
  async findByEmail(tenant: string, email: string): Promise<UserDocument | null> {
    return this.db.users.findOne({ tenant, email: email.toLowerCase() });
  }

  /** Whether the tenant has an active user with manage_settings, other than `exceptId`. */
  async hasActiveAdmin(tenant: string, exceptId?: string): Promise<boolean> {
    const admin = await this.db.users.findOne(
      {
        tenant,
        active: true,
        permissions: ADMIN_PERMISSION,
        ...(exceptId ? { _id: { $ne: exceptId } } : {}),
      },
      { projection: { _id: 1 } },
    );
    return admin !== null;
  }

  async update(
    tenant: string,
    id: string,
    changes: { name?: string; permissions?: Permission[]; active?: boolean },
  ): Promise<UserDocument | null> {
    const existing = await this.find(tenant, id);
    if (!existing) return null;
    const set = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.permissions ? { permissions: [...new Set(changes.permissions)] } : {}),
      ...(changes.active !== undefined ? { active: changes.active } : {}),
      updatedAt: new Date(),
    };
    await this.db.users.updateOne({ _id: id }, { $set: set });
    // A deactivated user's console sessions end now, not at their next request's check.
    if (changes.active === false) await this.db.sessions.deleteMany({ tenant, userId: id });
    return { ...existing, ...set };
  }

  async remove(tenant: string, id: string): Promise<boolean> {
    if (!(await this.find(tenant, id))) return false;
    // One after the other: within a transaction, commands are not sent in parallel.
    await this.db.users.deleteOne({ _id: id });
    await this.db.sessions.deleteMany({ tenant, userId: id });
    await this.db.invitations.deleteMany({ tenant, userId: id });
    await this.db.passwords.deleteOne({ _id: id });
    return true;
  }
}
