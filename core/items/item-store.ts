/**
 * The write side of items, batched per request (or per group of requests written together),
 * never a command per item: on MongoDB a fixed number of commands whatever the batch size (one
 * `$in` per lookup, one bulkWrite for the writes, one `deleteMany`). Every write is keyed on the
 * deterministic `_id`; how lookups and writes are sent is the storage engine's (engine-writer.ts).
 *
 * Requests take effect in the order they were received (docs/storage.md#receipt-order):
 * an older write never replaces a newer one, and deletes leave tombstones (item-tombstones.ts)
 * that undo an older POST finishing later.
 *
 * A write or delete, its change records and what the caller keeps beside it (the request's
 * history record) are one transaction: a process that dies between them leaves none of them
 * (docs/storage.md#transactions).
 */
import { boundedBatches, findByIds } from '../mongo/batch-operations';
import type { Transactions } from '../mongo/transactions';
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

/** What a write or delete is given beside its items. */
export interface WriteOptions {
  /** Stops the wait for the content type's lock (a job handed back at shutdown). */
  signal?: AbortSignal;
  /** Written in the same transaction, after the items and their change records. */
  alongside?: () => Promise<void>;
}

export interface ItemStoreOptions {
  /** What keeps the writes of one content type apart (a Redis lock, in the worker). */
  writeLock?: WriteLock;
  /** Told what each write and delete changed (the change log, in the worker). */
  changes?: ItemChangeSink;
}

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
  private readonly writeLock: WriteLock;
  private readonly changes: ItemChangeSink;

  constructor(
    private readonly db: ItemCollections,
    private readonly storage: ItemStorage,
    private readonly transactions: Transactions,
    options: ItemStoreOptions = {},
  ) {
    this.tombstones = new ItemTombstones(db, storage.batches);
    this.stats = new ItemStats(db);
    this.writer = storage.itemWriter(db, this.stats);
    this.writeLock = options.writeLock ?? NO_WRITE_LOCK;
    this.changes = options.changes ?? NO_CHANGE_SINK;
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

  /**
   * Runs `work` in one transaction with the change records of what it changed and `alongside`
   * (given what `work` answered); once committed, those who follow the changes are told.
   */
  private async inTransaction<T>(
    scope: ContentTypeScope,
    work: () => Promise<{ value: T; changes: ItemChange[] }>,
    alongside: ((value: T) => Promise<void>) | undefined,
  ): Promise<T> {
    const { value, tell } = await this.transactions.run(async () => {
      const done = await work();
      const told = await this.changes.record(scope, done.changes);
      await alongside?.(done.value);
      return { value: done.value, tell: told };
    });
    tell();
    return value;
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
   * changed is recorded in the same transaction, before the content type's lock is let go.
   */
  upsert(
    tenant: string,
    contentType: string,
    writes: ItemWrite[],
    receipt: Receipt,
    options: WriteOptions = {},
  ): Promise<void> {
    return this.upsertRequests(tenant, contentType, [{ writes, receipt }], options);
  }

  /**
   * Writes the items of several requests at once, each write with its own request's receipt:
   * the outcome (items, versions, receipts, changes) is that of `upsert` for each request in
   * turn, in the order given (the order they were received), for one lock, one transaction and
   * one record of the changes. An item that k of the requests write is written in k rounds
   * (write-rounds.ts); the changes are recorded request by request. `alongside` is written even
   * when there is no item to write.
   */
  async upsertRequests(
    tenant: string,
    contentType: string,
    requests: readonly RequestWrites[],
    { signal, alongside }: WriteOptions = {},
  ): Promise<void> {
    if (!sequenceRange(requests)) {
      await alongside?.();
      return;
    }
    const scope = { tenant, contentType };
    const rounds = writeRounds(requests);
    // Every item's first write is in the first round.
    const ids = (rounds[0] ?? []).map(({ write }) => itemId(scope, write.identifier));
    const write = async () => {
      const stats = await this.stats.read(scope);
      return { value: undefined, changes: await this.writeInRounds(scope, rounds, ids, stats) };
    };
    await this.exclusive(scope, () => this.inTransaction(scope, write, alongside), signal);
  }

  /**
   * Each round, then the undo of its writes that a DELETE received later takes back, before the
   * next round: a later request's write of such an item then finds it gone, as it would have.
   * The tombstones of all the rounds' items are read once, before the first, if `stats` (read
   * under the lock, in the transaction) tell the content type had a DELETE.
   */
  private async writeInRounds(
    scope: ContentTypeScope,
    rounds: readonly RoundWrite[][],
    ids: string[],
    stats: ItemStatsDocument,
  ): Promise<ItemChange[]> {
    const deletedUpTo = stats.deletedUpToSequence ?? -Infinity;
    const deletions: ReadonlyMap<string, ItemDeletion> =
      deletedUpTo === -Infinity ? new Map() : await this.tombstones.deletions(scope, ids);
    const versions = deletedVersions(deletions);
    const now = new Date();
    const changes: RequestChange[] = [];
    let known = stats;
    for (const round of rounds) {
      const outcome = await this.writer.upsert(scope, round, now, versions, known);
      known = outcome.stats;
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
   * identifiers. `deletedUpTo`: the latest DELETE's sequence, as read before the writes.
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
    await this.storage.batches.bulkWrite(this.db.items, operations);
    return undone;
  }

  /**
   * Deletes the items that exist, except those a request received after `receipt` wrote;
   * returns which existed. Leaves tombstones first, so that an older POST finishing later undoes
   * its write (see upsert). `alongside` is given which existed, and written in the transaction.
   */
  async delete(
    tenant: string,
    contentType: string,
    identifiers: string[],
    receipt: Receipt,
    alongside?: (existing: ReadonlySet<string>) => Promise<void>,
  ): Promise<Set<string>> {
    const scope = { tenant, contentType };
    const ids = [...new Set(identifiers)].map((identifier) => itemId(scope, identifier));
    const deleteStored = async () => {
      const stored = await this.findByIds(scope, ids, ['identifier', 'sequence', 'version']);
      const deletable = stored.filter((item) => item.sequence <= receipt.sequence);
      const versions = new Map(deletable.map((item) => [item._id, item.version + 1]));
      await this.stats.markDeleted(scope, receipt.sequence);
      await this.tombstones.record(scope, ids, receipt, versions);
      for (const batch of boundedBatches([...versions.keys()])) {
        await this.db.items.deleteMany({
          _id: { $in: batch },
          sequence: { $not: { $gt: receipt.sequence } },
        });
      }
      const existing = new Set(stored.map((item) => item.identifier));
      const changes = deletable.map((item): ItemChange => ({
        event: 'deleted',
        identifier: item.identifier,
        version: versions.get(item._id) ?? 1,
      }));
      return { value: existing, changes };
    };
    return this.exclusive(scope, () => this.inTransaction(scope, deleteStored, alongside));
  }
}
