/** Content types of a tenant, stored under `_id` tenant:key. */
import { documentId } from '../keys/keys';
import type { ContentTypeDocument, SettingsCollections } from './settings-collections';
import type { ContentType, ContentTypeBody } from '../pipeline/content-type';
import { NO_LISTENER, type SettingsChanged } from './settings-changed';

function withoutStorageFields(document: ContentTypeDocument): ContentType {
  const { _id: _unused, tenant: _tenant, ...contentType } = document;
  return contentType;
}

export class ContentTypesRepository {
  constructor(
    private readonly db: Pick<SettingsCollections, 'contentTypes'>,
    private readonly changed: SettingsChanged = NO_LISTENER,
  ) {}

  async find(tenant: string, key: string): Promise<ContentType | null> {
    const document = await this.db.contentTypes.findOne({ _id: documentId(tenant, key) });
    return document ? withoutStorageFields(document) : null;
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

  /** Creates or replaces; `created` tells which. */
  async put(
    tenant: string,
    key: string,
    body: ContentTypeBody,
  ): Promise<{ contentType: ContentType; created: boolean }> {
    const _id = documentId(tenant, key);
    const now = new Date();
    const existing = await this.db.contentTypes.findOne({ _id }, { projection: { createdAt: 1 } });
    const document: ContentTypeDocument = {
      _id,
      tenant,
      key,
      ...body,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    await this.db.contentTypes.replaceOne({ _id }, document, { upsert: true });
    await this.changed(tenant);
    return { contentType: withoutStorageFields(document), created: !existing };
  }

  async remove(tenant: string, key: string): Promise<boolean> {
    const result = await this.db.contentTypes.deleteOne({ _id: documentId(tenant, key) });
    await this.changed(tenant);
    return result.deletedCount === 1;
  }
}
