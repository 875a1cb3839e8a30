/**
 * A tenant's exports as the settings API keeps them. Every lookup goes by the deterministic
 * `_id` tenant:id, so one tenant never reaches another's export. The delivery state (cursor,
 * lanes) is the dispatch's and send's: settings changes leave it alone.
 */
import { randomUUID } from 'node:crypto';
import type { Transactions } from '../mongo/transactions';
import type { ExportCollections } from './export-collections';
import {
  emptyLanes,
  exportDocumentId,
  type ExportBody,
  type ExportDocument,
  type ExportPatch,
} from './export-record';
import type { WebhookSecret } from './delivery/webhook-secret';

/** How long a replaced secret keeps signing beside the new one. */
const ROTATION_WINDOW_MS = 24 * 3600 * 1000;

export class ExportsRepository {
  constructor(
    private readonly db: ExportCollections,
    private readonly transactions: Transactions,
  ) {}

  async create(
    tenant: string,
    body: ExportBody,
    secret: WebhookSecret,
    startAt: number,
  ): Promise<ExportDocument> {
    const id = randomUUID();
    const now = new Date();
    const exp: ExportDocument = {
      _id: exportDocumentId(tenant, id),
      tenant,
      id,
      name: body.name,
      url: body.url,
      contentTypes: [...new Set(body.contentTypes)],
      events: [...new Set(body.events)],
      batchSize: body.batchSize,
      state: body.active ? 'active' : 'paused',
      disabledReason: null,
      secrets: [{ secret, createdAt: now, expiresAt: null }],
      // A new export delivers the changes from its creation on; a resync sends what exists.
      cursor: startAt,
      lanes: emptyLanes(),
      forming: null,
      failingSince: null,
      replay: null,
      resync: null,
      revision: 1,
      createdAt: now,
      updatedAt: now,
    };
    await this.db.exports.insertOne(exp);
    return exp;
  }

  async find(tenant: string, id: string): Promise<ExportDocument | null> {
    return this.db.exports.findOne({ _id: exportDocumentId(tenant, id) });
  }

  async list(tenant: string): Promise<ExportDocument[]> {
    return this.db.exports.find({ tenant }).sort({ createdAt: 1, _id: 1 }).toArray();
  }

  /**
   * Applies a settings change, at the next revision; only while it is at `revision`, when given
   * (null otherwise, as when it does not exist). `active` pauses, or (re-)enables a paused or
   * disabled export.
   */
  async update(
    tenant: string,
    id: string,
    patch: ExportPatch,
    revision?: number,
  ): Promise<ExportDocument | null> {
    const { active, ...fields } = patch;
    const set: Partial<ExportDocument> = { ...fields, updatedAt: new Date() };
    if (fields.contentTypes) set.contentTypes = [...new Set(fields.contentTypes)];
    if (fields.events) set.events = [...new Set(fields.events)];
    if (active === true) Object.assign(set, { state: 'active', disabledReason: null });
    if (active === true) set.failingSince = null;
    if (active === false) Object.assign(set, { state: 'paused', disabledReason: null });
    const updated = await this.db.exports.findOneAndUpdate(
      { _id: exportDocumentId(tenant, id), ...(revision === undefined ? {} : { revision }) },
      { $set: set, $inc: { revision: 1 } },
      { returnDocument: 'after' },
    );
    // Re-enabled: what waited for its next retry goes now.
    if (updated && active === true) {
      await this.db.exportDeliveries.updateMany(
        { exportId: id, status: 'failed' },
        { $set: { nextAttemptAt: null } },
      );
    }
    return updated;
  }

  /**
   * Removes the export and its deliveries, those still to send and those that succeeded, in one
   * transaction: no delivery outlives its export.
   */
  async delete(tenant: string, id: string): Promise<boolean> {
    return this.transactions.run(async () => {
      const removed = await this.db.exports.deleteOne({ _id: exportDocumentId(tenant, id) });
      if (removed.deletedCount === 0) return false;
      await this.db.exportDeliveries.deleteMany({ exportId: id });
      return true;
    });
  }

  /**
   * The new secret signs from now on; the current one keeps signing for the window. The update
   * holds only while the secret it replaces is still the current one: a rotation that lost to
   * another reads the export again and rotates after it, so neither undoes the other.
   */
  async rotateSecret(
    tenant: string,
    id: string,
    secret: WebhookSecret,
    now = new Date(),
  ): Promise<ExportDocument | null> {
    const _id = exportDocumentId(tenant, id);
    const until = new Date(now.getTime() + ROTATION_WINDOW_MS);
    for (;;) {
      const exp = await this.db.exports.findOne({ _id });
      const current = exp?.secrets[0]?.secret;
      if (!exp || current === undefined) return null;
      const kept = exp.secrets
        .filter((old) => old.expiresAt === null || old.expiresAt > now)
        .map((old) => ({ ...old, expiresAt: old.expiresAt ?? until }));
      const secrets = [{ secret, createdAt: now, expiresAt: null }, ...kept];
      const rotated = await this.db.exports.findOneAndUpdate(
        { _id, 'secrets.0.secret': current },
        { $set: { secrets, updatedAt: now } },
        { returnDocument: 'after' },
      );
      if (rotated) return rotated;
    }
  }

  /** Asks the export's next dispatch to send the changes after `from` up to `to` again. */
  async requestReplay(tenant: string, id: string, from: number, to: number) {
    return this.db.exports.findOneAndUpdate(
      { _id: exportDocumentId(tenant, id) },
      { $set: { replay: { next: from, to, requestedAt: new Date() }, updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
  }

  /** Asks the export's next dispatch to send every current item of its content types again. */
  async requestResync(tenant: string, id: string) {
    const now = new Date();
    return this.db.exports.findOneAndUpdate(
      { _id: exportDocumentId(tenant, id) },
      {
        $set: {
          resync: {
            state: 'running',
            startedAt: now,
            finishedAt: null,
            contentTypeIndex: 0,
            after: null,
            itemsFormed: 0,
            // Counted by the dispatch that reads them: a count scans, and no request waits on it.
            itemsTotal: null,
            floors: [],
            floorsUntil: null,
          },
          updatedAt: now,
        },
      },
      { returnDocument: 'after' },
    );
  }
}
