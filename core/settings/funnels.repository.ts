/**
 * Funnels of a tenant, stored under `_id` tenant:endpointUrl (so the URL is unique per tenant),
 * each with a stable `id` it keeps when renamed, and a revision that each change moves on.
 */
import { randomUUID } from 'node:crypto';
import { documentId } from '../domain/names';
import type { FunnelDocument, SettingsCollections } from './settings-collections';
import type { Funnel, FunnelBody } from '../domain/funnel';
import { NO_LISTENER, type SettingsChanged } from './settings-changed';
import { DuplicateError, isDuplicateKey } from '../mongo/duplicate-key';
import type { Transactions } from '../mongo/transactions';
import type { TurnCollections } from '../mongo/turns';
import { NO_CHECKS, SettingsTurns } from './settings-turn';

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
  kept: Pick<FunnelDocument, 'id' | 'revision' | 'createdAt' | 'updatedAt'>,
): FunnelDocument {
  const { requestData, ...rest } = body;
  return {
    _id: documentId(tenant, body.endpointUrl),
    tenant,
    id: kept.id,
    ...rest,
    ...(requestData === undefined ? {} : { requestDataJson: JSON.stringify(requestData) }),
    revision: kept.revision,
    createdAt: kept.createdAt,
    updatedAt: kept.updatedAt,
  };
}

/** One funnel, by its endpoint URL. */
export async function readFunnel(
  db: Pick<SettingsCollections, 'funnels'>,
  tenant: string,
  endpointUrl: string,
): Promise<Funnel | null> {
  const document = await db.funnels.findOne({ _id: documentId(tenant, endpointUrl) });
  return document ? withoutStorageFields(document) : null;
}

/**
 * Each write runs in the tenant's settings turn, with the checks its caller gives
 * (settings-turn.ts); the workers are told once it committed.
 */
export class FunnelsRepository {
  private readonly turns: SettingsTurns;

  constructor(
    private readonly db: Pick<SettingsCollections, 'funnels'> & TurnCollections,
    transactions: Transactions,
    private readonly changed: SettingsChanged = NO_LISTENER,
  ) {
    this.turns = new SettingsTurns(transactions, db);
  }

  find(tenant: string, endpointUrl: string): Promise<Funnel | null> {
    return readFunnel(this.db, tenant, endpointUrl);
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

  /** Creates it at revision 1; DuplicateError when the endpoint URL is taken in the tenant. */
  async create(tenant: string, body: FunnelBody, checks = NO_CHECKS): Promise<Funnel> {
    const now = new Date();
    const kept = { id: randomUUID(), revision: 1, createdAt: now, updatedAt: now };
    const document = storedDocument(tenant, body, kept);
    await this.turns.run(tenant, checks, () => this.insert(document));
    await this.changed(tenant);
    return withoutStorageFields(document);
  }

  /**
   * Replaces the funnel at `endpointUrl` with `body`, at the next revision; only while it is at
   * `revision`, when given. When the body renames the endpoint, the funnel moves to its new
   * `_id` with its `id` (DuplicateError if the new one is taken). Null when it does not exist,
   * or is at another revision.
   */
  async replace(
    tenant: string,
    endpointUrl: string,
    body: FunnelBody,
    revision?: number,
    checks = NO_CHECKS,
  ): Promise<Funnel | null> {
    const _id = documentId(tenant, endpointUrl);
    const updatedAt = new Date();
    const written = await this.turns.run(tenant, checks, async () => {
      const current = await this.db.funnels.findOne({ _id });
      if (!current || (revision !== undefined && current.revision !== revision)) return null;
      const document = storedDocument(tenant, body, {
        ...current,
        revision: current.revision + 1,
        updatedAt,
      });
      const done =
        document._id === _id
          ? await this.replaceInPlace(document, current.revision)
          : await this.move(document, current.revision, _id);
      return done ? document : null;
    });
    if (written) await this.changed(tenant);
    return written && withoutStorageFields(written);
  }

  /** Sets every field of the body (a sample left out goes) while the revision is `revision`. */
  private async replaceInPlace(document: FunnelDocument, revision: number): Promise<boolean> {
    const { _id, requestDataJson, ...fields } = document;
    const update =
      requestDataJson === undefined
        ? { $set: fields, $unset: { requestDataJson: '' as const } }
        : { $set: { ...fields, requestDataJson } };
    const updated = await this.db.funnels.findOneAndUpdate({ _id, revision }, update, {
      returnDocument: 'after',
    });
    return updated !== null;
  }

  /**
   * A rename, in the replace's transaction: the old `_id` removed while it is still at
   * `revision`, then the funnel under its new one. Neither is kept without the other.
   */
  private async move(document: FunnelDocument, revision: number, from: string): Promise<boolean> {
    const removed = await this.db.funnels.deleteOne({ _id: from, revision });
    if (removed.deletedCount === 0) return false;
    await this.insert(document);
    return true;
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
    const _id = documentId(tenant, endpointUrl);
    const result = await this.turns.run(tenant, NO_CHECKS, () =>
      this.db.funnels.deleteOne({ _id }),
    );
    await this.changed(tenant);
    return result.deletedCount === 1;
  }
}
