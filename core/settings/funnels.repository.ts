/** Funnels of a tenant, stored under `_id` tenant:endpointUrl (so the URL is unique per tenant). */
import { documentId } from '../keys/keys';
import type { FunnelDocument, SettingsCollections } from './settings-collections';
import type { Funnel, FunnelBody } from '../pipeline/funnel';
import { NO_LISTENER, type SettingsChanged } from './settings-changed';
import { DuplicateError, isDuplicateKey } from '../mongo/duplicate-key';

/** The funnel without its storage fields, its sample parsed back from its text. */
function withoutStorageFields(document: FunnelDocument): Funnel {
  const { _id: _unused, tenant: _tenant, requestDataJson, ...funnel } = document;
  if (requestDataJson === undefined) return funnel;
  return { ...funnel, requestData: JSON.parse(requestDataJson) as unknown };
}

/** The sample as JSON text, so that any key a sender may use is kept as sent. */
function storedDocument(
  tenant: string,
  body: FunnelBody,
  createdAt: Date,
  updatedAt: Date,
): FunnelDocument {
  const { requestData, ...rest } = body;
  return {
    _id: documentId(tenant, body.endpointUrl),
    tenant,
    ...rest,
    ...(requestData === undefined ? {} : { requestDataJson: JSON.stringify(requestData) }),
    createdAt,
    updatedAt,
  };
}

export class FunnelsRepository {
  constructor(
    private readonly db: Pick<SettingsCollections, 'funnels'>,
    private readonly changed: SettingsChanged = NO_LISTENER,
  ) {}

  async find(tenant: string, endpointUrl: string): Promise<Funnel | null> {
    const document = await this.db.funnels.findOne({ _id: documentId(tenant, endpointUrl) });
    return document ? withoutStorageFields(document) : null;
  }

  async list(tenant: string): Promise<Funnel[]> {
    const documents = await this.db.funnels.find({ tenant }).sort({ _id: 1 }).toArray();
    return documents.map(withoutStorageFields);
  }

  /** Funnels bound to a content type: a content type in use may not be deleted. */
  async usingContentType(tenant: string, contentType: string): Promise<Funnel[]> {
    const documents = await this.db.funnels.find({ tenant, contentType }).toArray();
    return documents.map(withoutStorageFields);
  }

  /** Throws DuplicateError when the endpoint URL is taken in the tenant. */
  async create(tenant: string, body: FunnelBody): Promise<Funnel> {
    const now = new Date();
    const document = storedDocument(tenant, body, now, now);
    await this.insert(document);
    await this.changed(tenant);
    return withoutStorageFields(document);
  }

  /**
   * Replaces the funnel at `endpointUrl` with `body`; when the body renames the endpoint, the
   * funnel moves to its new `_id` (DuplicateError if that one is taken). Null when it is absent.
   */
  async replace(tenant: string, endpointUrl: string, body: FunnelBody): Promise<Funnel | null> {
    const current = await this.db.funnels.findOne({ _id: documentId(tenant, endpointUrl) });
    if (!current) return null;
    const document = storedDocument(tenant, body, current.createdAt, new Date());
    if (document._id === current._id) {
      await this.db.funnels.replaceOne({ _id: current._id }, document);
    } else {
      await this.insert(document);
      await this.db.funnels.deleteOne({ _id: current._id });
    }
    await this.changed(tenant);
    return withoutStorageFields(document);
  }

  private async insert(document: FunnelDocument): Promise<void> {
    try {
      await this.db.funnels.insertOne(document);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const message = `The endpoint URL "${document.endpointUrl}" is already used`;
      throw new DuplicateError('endpointUrl', message);
    }
  }

  async remove(tenant: string, endpointUrl: string): Promise<boolean> {
    const result = await this.db.funnels.deleteOne({ _id: documentId(tenant, endpointUrl) });
    await this.changed(tenant);
    return result.deletedCount === 1;
  }
}
