/** Content types of a tenant, stored under `_id` tenant:key. */
import { documentId } from '../domain/names';
import type { ContentTypeDocument, SettingsCollections } from './settings-collections';
import type { ContentType, ContentTypeBody } from '../domain/content-type';
import { NO_LISTENER, type SettingsChanged } from './settings-changed';
import { DuplicateError, isDuplicateKey } from '../mongo/duplicate-key';
import type { Transactions } from '../mongo/transactions';
import type { TurnCollections } from '../mongo/turns';
import { NO_CHECKS, SettingsTurns } from './settings-turn';

function withoutStorageFields(document: ContentTypeDocument): ContentType {
  const { _id: _unused, tenant: _tenant, ...contentType } = document;
  return contentType;
}

/** One content type, by its key. */
export async function readContentType(
  db: Pick<SettingsCollections, 'contentTypes'>,
  tenant: string,
  key: string,
): Promise<ContentType | null> {
  const document = await db.contentTypes.findOne({ _id: documentId(tenant, key) });
  return document ? withoutStorageFields(document) : null;
}

/**
 * Each write runs in the tenant's settings turn, with the checks its caller gives
 * (settings-turn.ts); the workers are told once it committed.
 */
export class ContentTypesRepository {
  private readonly turns: SettingsTurns;

  constructor(
    private readonly db: Pick<SettingsCollections, 'contentTypes'> & TurnCollections,
    transactions: Transactions,
    private readonly changed: SettingsChanged = NO_LISTENER,
  ) {
    this.turns = new SettingsTurns(transactions, db);
  }

  find(tenant: string, key: string): Promise<ContentType | null> {
    return readContentType(this.db, tenant, key);
  }

  /** Several at once, for reference checks: one query however many keys. */
  async findMany(tenant: string, keys: string[]): Promise<ContentType[]> {
    if (keys.length === 0) return [];
    const ids = [...new Set(keys)].map((key) => documentId(tenant, key));
    const documents = await this.db.contentTypes.find({ _id: { $in: ids } }).toArray();
    return documents.map(withoutStorageFields);
  }

  async list(tenant: string): Promise<ContentType[]> {
    const documents = await this.db.contentTypes.find({ tenant }).sort({ _id: 1 }).toArray();
    return documents.map(withoutStorageFields);
  }

  /** Creates it at revision 1; DuplicateError when the key is taken. */
  async create(
    tenant: string,
    key: string,
    body: ContentTypeBody,
    checks = NO_CHECKS,
  ): Promise<ContentType> {
    const now = new Date();
    const document: ContentTypeDocument = {
      _id: documentId(tenant, key),
      tenant,
      key,
      ...body,
      revision: 1,
      createdAt: now,
      updatedAt: now,
    };
    await this.turns.run(tenant, checks, async () => {
      try {
        await this.db.contentTypes.insertOne(document);
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        throw new DuplicateError('key', `A content type with the key "${key}" exists already`);
      }
    });
    await this.changed(tenant);
    return withoutStorageFields(document);
  }

  /**
   * Replaces its definition, at the next revision; only while it is at `revision`, when given.
   * Null when it does not exist, or is at another revision.
   */
  async replace(
    tenant: string,
    key: string,
    body: ContentTypeBody,
    revision?: number,
    checks = NO_CHECKS,
  ): Promise<ContentType | null> {
    const filter = {
      _id: documentId(tenant, key),
      ...(revision === undefined ? {} : { revision }),
    };
    const update = { $set: { ...body, updatedAt: new Date() }, $inc: { revision: 1 } };
    const document = await this.turns.run(tenant, checks, () =>
      this.db.contentTypes.findOneAndUpdate(filter, update, { returnDocument: 'after' }),
    );
    if (document) await this.changed(tenant);
    return document ? withoutStorageFields(document) : null;
  }

  async remove(tenant: string, key: string, checks = NO_CHECKS): Promise<boolean> {
    const _id = documentId(tenant, key);
    const result = await this.turns.run(tenant, checks, () =>
      this.db.contentTypes.deleteOne({ _id }),
    );
    await this.changed(tenant);
    return result.deletedCount === 1;
  }
}
