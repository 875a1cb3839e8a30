/**
 * The write side of items, batched per request (or per group of requests written together),
 * never a command per item: on MongoDB a fixed number of commands whatever the batch size (one
 * `$in` per lookup, one bulkWrite for the writes, one `deleteMany`). Every write is keyed on the
 * deterministic `_id`; how lookups and writes are sent is the storage engine's (engine-writer.ts).
 *
 * Requests take effect in the order they were received (docs/storage.md#receipt-order):
 * an older write never replaces a newer one, and deletes leave tombstones (item-tombstones.ts)
 * that undo an older POST finishing later.
 */
import { findByIds } from '../mongo/batch-operations';
import type { Receipt } from '../redis/receipt-sequence';
import type { ItemDocument } from './item';
import type { ItemCollections, ItemStatsDocument } from './item-collections';
import { ItemStats } from './item-stats';
import { ItemTombstones, type ItemDeletion } from './item-tombstones';
import {
  itemId,
  type ContentTypeScope,
  type ItemOperation,
  type ItemWrite,
  type ReceivedWrite,
} from './item-documents';
import type { ItemStorage, ItemWriter } from './engine-writer';
import { NO_WRITE_LOCK, type WriteLock } from './write-lock';
import { ChangeRecorder } from './change-recorder';
import { NO_CHANGE_SINK, type ItemChange, type ItemChangeSink } from './item-change';
import {
  inRequestOrder,
  sequenceRange,
  writeRounds,
  type RequestChange,
  type RequestWrites,
  type RoundWrite,
} from './write-rounds';

export type { ItemWrite } from './item-documents';
export type { RequestWrites } from './write-rounds';

/** Per item `_id`, the version its last deletion left: an item created anew goes on from it. */
function deletedVersions(deletions: ReadonlyMap<string, ItemDeletion>): Map<string, number> {
  return new Map(
    [...deletions].flatMap(([_id, { version }]) =>
      version === undefined ? [] : [[_id, version] as const],
    ),
  );
}

export class ItemStore {
  private readonly tombstones: ItemTombstones;
  private readonly stats: ItemStats;
  private readonly writer: ItemWriter;
  private readonly recorder: ChangeRecorder;

  /**
   * `writeLock`: what keeps the writes of one content type apart (a Redis lock, in the worker);
   * `changes` is told what each write and delete changed (the change log, in the worker).
   */
  constructor(
    private readonly db: ItemCollections,
    private readonly storage: ItemStorage,
    private readonly writeLock: WriteLock = NO_WRITE_LOCK,
    changes: ItemChangeSink = NO_CHANGE_SINK,
  ) {
    this.tombstones = new ItemTombstones(db, storage.batches);
    this.stats = new ItemStats(db);
    this.writer = storage.itemWriter(db, this.stats);
    this.recorder = new ChangeRecorder(db, storage.batches, this.tombstones, changes);
  }

  private findByIds<K extends keyof ItemDocument>(
    scope: ContentTypeScope,
    ids: string[],
    fields: K[],
  ): Promise<Pick<ItemDocument, '_id' | K>[]> {
    return findByIds(this.storage.batches, this.db.items, scope, ids, fields);
  }

  /**
   * Runs `work` while no other process writes or deletes in the content type; `signal` stops
   * the wait for them.
   */
  private exclusive<T>(
    scope: ContentTypeScope,
    work: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    return this.writeLock.around(scope.tenant, scope.contentType, work, signal);
  }

  /** Which of `identifiers` exist in the content type: one query. */
  async existing(
    tenant: string,
    contentType: string,
    identifiers: Iterable<string>,
  ): Promise<Set<string>> {
    const scope = { tenant, contentType };
    const ids = [...new Set(identifiers)].map((identifier) => itemId(scope, identifier));
    const found = await this.findByIds(scope, ids, ['identifier']);
    return new Set(found.map((item) => item.identifier));
  }

  /** The distinct lengths of the lower-cased identifiers of a content type: narrows lazy lookups. */
  identifierLengths(tenant: string, contentType: string): Promise<number[]> {
    return this.stats.identifierLengths({ tenant, contentType });
  }

  /** Stored identifiers whose lower-cased form is one of `lowerKeys`: the lazy candidates. */
  async lazyCandidates(
    tenant: string,
    contentType: string,
    lowerKeys: string[],
  ): Promise<string[]> {
    const scope = { tenant, contentType };
    const found = await this.storage.batches.findIn(
      this.db.items,
      scope,
      'identifierLower',
      lowerKeys,
      ['identifier'],
    );
    return found.map((item) => item.identifier);
  }

  /**
   * Writes every item; unmapped stored fields stay as they are. A request never undoes a later
   * one: an item last written, or deleted, by a request received after `receipt` stays so. What
   * changed is recorded (change-recorder.ts) before the content type's lock is let go.
   * `signal` stops the wait for the lock (a job handed back at shutdown): nothing is written then.
   */
  upsert(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receipt: Receipt,
    signal?: AbortSignal,
  ): Promise<void> {
    return this.upsertRequests(tenant, contentType, [{ writes, receipt }], signal);
  }

  /**
   * Writes the items of several requests at once, each write with its own request's receipt:
   * the outcome (items, versions, receipts, changes) is that of `upsert` for each request in
   * turn, in the order given (the order they were received), for one lock, one change intent
   * and one record of the changes. An item that k of the requests write is written in k rounds
   * (write-rounds.ts); the changes are recorded request by request.
   */
  async upsertRequests(
    tenant: string,
    contentType: string,
    requests: readonly RequestWrites[],
    signal?: AbortSignal,
  ): Promise<void> {
    const range = sequenceRange(requests);
    if (!range) return;
    const scope = { tenant, contentType };
    const rounds = writeRounds(requests);
    // Every item's first write is in the first round.
    const ids = (rounds[0] ?? []).map(({ write }) => itemId(scope, write.identifier));
    const intent = {
      kind: 'write' as const,
      ids,
      sequence: range.to,
      fromSequence: range.from,
    };
    await this.exclusive(
      scope,
      () =>
        this.recorder.around(scope, intent, async (stats) => ({
          value: undefined,
          changes: await this.writeInRounds(scope, rounds, ids, stats),
        })),
      signal,
    );
  }

  /**
   * Each round, then the undo of its writes that a DELETE received later takes back, before the
   * next round: a later request's write of such an item then finds it gone, as it would have.
   * The tombstones of all the rounds' items are read once, before the first, if `stats` (read
   * under the lock) tell the content type had a DELETE.
   */
  private async writeInRounds(
    scope: ContentTypeScope,
    rounds: readonly RoundWrite[][],
    ids: string[],
    stats: ItemStatsDocument,
  ): Promise<ItemChange[]> {
    let knownDeletes = stats.deletedUpToSequence ?? -Infinity;
    let deletions: ReadonlyMap<string, ItemDeletion> =
      knownDeletes === -Infinity ? new Map() : await this.tombstones.deletions(scope, ids);
    const now = new Date();
    const changes: RequestChange[] = [];
    let known = stats;
    for (const round of rounds) {
      const versions = deletedVersions(deletions);
      const outcome = await this.writer.upsert(scope, round, now, versions, known);
      known = outcome.stats ?? known;
      const deletedUpTo = outcome.stats?.deletedUpToSequence ?? -Infinity;
      if (deletedUpTo > knownDeletes) {
        // A DELETE ran since the tombstones were read: only one whose lock lease ran out can.
        knownDeletes = deletedUpTo;
        deletions = await this.tombstones.deletions(scope, ids);
      }
      const undone = await this.undoWritesDeletedLater(scope, round, deletions, deletedUpTo);
      const requestOf = new Map(round.map(({ write, request }) => [write.identifier, request]));
      for (const change of outcome.changes) {
        if (undone.has(change.identifier)) continue;
        changes.push({ request: requestOf.get(change.identifier) ?? 0, change });
      }
    }
    return inRequestOrder(changes);
  }

  /**
   * Takes back the writes of items that a DELETE received after the write's own request removed:
   * each is deleted unless a request received after that DELETE wrote it since. Answers their
   * identifiers. `deletedUpTo`: the latest DELETE's sequence, as read after the writes.
   */
  private async undoWritesDeletedLater(
    scope: ContentTypeScope,
    writes: readonly ReceivedWrite[],
    deletions: ReadonlyMap<string, ItemDeletion>,
    deletedUpTo: number,
  ): Promise<Set<string>> {
    const undone = new Set<string>();
    const operations: ItemOperation[] = [];
    for (const { write, receipt } of writes) {
      if (deletedUpTo <= receipt.sequence) continue;
      const _id = itemId(scope, write.identifier);
      const deletion = deletions.get(_id);
      if (!deletion || deletion.sequence <= receipt.sequence) continue;
      undone.add(write.identifier);
      operations.push({ deleteOne: { filter: { _id, sequence: { $lt: deletion.sequence } } } });
    }
    await this.storage.batches.bulkWrite(this.db.items, operations, { skipIdCollisions: false });
    return undone;
  }

  /**
   * Deletes the items that exist, except those a request received after `receipt` wrote;
   * returns which existed. Leaves tombstones first, so that an older POST finishing later undoes
   * its write (see upsert).
   */
  async delete(
    tenant: string,
    contentType: string,
    identifiers: string[],
    receipt: Receipt,
  ): Promise<Set<string>> {
    const scope = { tenant, contentType };
    const ids = [...new Set(identifiers)].map((identifier) => itemId(scope, identifier));
    return this.exclusive(scope, async () => {
      const stored = await this.findByIds(scope, ids, ['identifier', 'sequence', 'version']);
      const deletable = stored.filter((item) => item.sequence <= receipt.sequence);
      const versions = new Map(deletable.map((item) => [item._id, item.version + 1]));
      const deletableIds = [...versions.keys()];
      const intent = {
        kind: 'delete' as const,
        ids: deletableIds,
        sequence: receipt.sequence,
        fromSequence: receipt.sequence,
      };
      return this.recorder.around(scope, intent, async () => {
        await this.stats.markDeleted(scope, receipt.sequence);
        await this.tombstones.record(scope, ids, receipt, versions);
        if (deletableIds.length > 0) {
          await this.db.items.deleteMany({
            _id: { $in: deletableIds },
            sequence: { $not: { $gt: receipt.sequence } },
          });
        }
        const changes = deletable.map((item): ItemChange => ({
          event: 'deleted',
          identifier: item.identifier,
          version: versions.get(item._id) ?? 1,
        }));
        return { value: new Set(stored.map((item) => item.identifier)), changes };
      });
    });
  }

  /**
   * Finishes the change records of writers that died more than `olderThanMs` ago in content types
   * nobody wrote since (a later write finishes them itself). Answers how many it finished.
   */
  async finishAbandonedChanges(olderThanMs: number): Promise<number> {
    const scopes = await this.recorder.abandoned(new Date(Date.now() - olderThanMs));
    for (const scope of scopes) {
      await this.exclusive(scope, () => this.recorder.finishLeft(scope));
    }
    return scopes.length;
  }
}
