/**
 * requestCommit, the API's side of a full sync's commit, called as the route calls it, on real
 * Redis and MongoDB with a real worker: every way it ends, and what it leaves the sync in.
 */
import { FunnelQueue } from '../../../core/queue/funnel-queue';
import { ReceiptSequence } from '../../../core/redis/receipt-sequence';
import { findSync } from '../../../core/syncs/find-sync';
import {
  requestCommit,
  type CommitRequest,
  type CommitRequestOutcome,
} from '../../../core/syncs/request-commit';
import { createSync } from '../../../core/syncs/start-sync';
import type { SyncDocument } from '../../../core/syncs/sync';
import type { SyncApiServices } from '../../../core/syncs/sync-api-services';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testRedis, testTopology } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';
import { startSyncFixture, TENANT, type SyncFixture, type TestFunnel } from './sync-fixture';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('requestCommit', () => {
  let f: SyncFixture;

  beforeAll(async () => {
    f = await startSyncFixture('request-commit');
  });
  afterAll(() => f.close());

  async function commit(
    funnel: TestFunnel,
    sync: SyncDocument,
    request: Partial<CommitRequest> = {},
    services: SyncApiServices = f.services,
  ): Promise<CommitRequestOutcome> {
    const found = await findSync(services, TENANT, funnel.endpointUrl, sync.syncId);
    if (found.state !== 'found') throw new Error(`sync not found: ${found.refusal.message}`);
    return requestCommit(services, found, f.commitRequest(request));
  }

  /** A sync whose day has passed: it started 24 hours and a minute ago. */
  async function expiredSync(funnel: TestFunnel): Promise<SyncDocument> {
    const { funnels, syncs, receipts } = f.services;
    const found = await funnels.find(TENANT, funnel.endpointUrl);
    const receivedAt = new Date(Date.now() - DAY_MS - 60_000);
    return createSync(syncs, {
      tenant: TENANT,
      funnelId: found!.id,
      contentType: funnel.contentType,
      receipt: { sequence: await receipts.next(receivedAt), receivedAt },
    });
  }

  /** Redis as a client sees it once its connection is closed. */
  async function closedRedis(): Promise<RedisClient> {
    const redis = testRedis();
    await redis.ping();
    await redis.quit();
    return redis;
  }

  describe('refused by the state of the sync', () => {
    it('when the sync expired, then a commit and its dry run are refused 410, and nothing is deleted', async () => {
      const funnel = await f.funnel(['A-1', 'A-2']);
      const sync = await expiredSync(funnel);
      for (const dryRun of [true, false]) {
        expect(await commit(funnel, sync, { dryRun })).toEqual({
          state: 'refused',
          refusal: { status: 410, message: 'The sync expired uncommitted' },
        });
      }
      expect(await f.stored(funnel)).toEqual(['A-1', 'A-2']);
      expect((await f.sync(sync.syncId))?.commit).toBeNull();
    });

    it('when the sync was committed, then committing it again is refused 409', async () => {
      const funnel = await f.funnel(['B-1']);
      const sync = await f.start(funnel);
      expect(await commit(funnel, sync)).toMatchObject({ state: 'answered' });
      const committed = (await f.sync(sync.syncId))!;
      for (const dryRun of [true, false]) {
        expect(await commit(funnel, committed, { dryRun })).toEqual({
          state: 'refused',
          refusal: { status: 409, message: 'The sync is committed' },
        });
      }
    });

    it('when a request of the sync is still pending, then a commit and its dry run are refused 409 naming it, and the sync stays open', async () => {
      const funnel = await f.funnel(['C-1', 'C-2']);
      const sync = await f.start(funnel);
      // Admitted and not yet recorded: as a request still queued.
      expect(await f.services.syncs.gate.admit(TENANT, sync.syncId, 'queued-request')).toBe('open');
      for (const dryRun of [true, false]) {
        expect(await commit(funnel, sync, { dryRun })).toEqual({
          state: 'refused',
          refusal: {
            status: 409,
            message: '1 request of the sync still queued or running; commit once they are done',
            data: { pending: ['queued-request'] },
          },
        });
      }
      expect(await f.sync(sync.syncId)).toMatchObject({ state: 'open', commit: null });
      expect(await f.tag(funnel, sync.syncId, ['C-1'])).toBe(200);
      expect(await f.stored(funnel)).toEqual(['C-1', 'C-2']);
    });
  });

  describe('the dry run', () => {
    it('when it is a dry run, then it answers the identifiers it would delete, a page at a time, and leaves the sync as it was', async () => {
      const funnel = await f.funnel(['D-1', 'D-2', 'D-3', 'D-4']);
      const sync = await f.start(funnel);
      expect(await f.tag(funnel, sync.syncId, ['D-2'])).toBe(200);
      const limit = { maxDeletePercent: 50 };
      const first = await commit(funnel, sync, { dryRun: true, limit, page: { size: 2 } });
      expect(first).toMatchObject({
        state: 'previewed',
        preview: {
          wouldDelete: 3,
          funnelItems: 4,
          allowed: 2,
          withinLimit: false,
          items: ['D-1', 'D-3'],
        },
      });
      const cursor = first.state === 'previewed' ? first.preview.nextCursor : null;
      expect(cursor).toEqual(expect.any(String));
      const second = await commit(funnel, sync, {
        dryRun: true,
        limit,
        page: { size: 2, cursor: cursor! },
      });
      expect(second).toMatchObject({
        state: 'previewed',
        preview: { items: ['D-4'], nextCursor: null },
      });
      expect(await f.stored(funnel)).toEqual(['D-1', 'D-2', 'D-3', 'D-4']);
      expect(await f.sync(sync.syncId)).toMatchObject({ state: 'open', commit: null });
    });

    it('when its cursor is not one the dry run gave, then it is refused as a bad cursor; a commit does not read it', async () => {
      const funnel = await f.funnel(['E-1']);
      const sync = await f.start(funnel);
      const page = { size: 10, cursor: 'not-a-cursor' };
      expect(await commit(funnel, sync, { dryRun: true, page })).toEqual({
        state: 'bad-cursor',
        message: 'The cursor is not valid',
      });
      expect(await commit(funnel, sync, { page })).toMatchObject({ state: 'answered' });
    });

    it('when the sync cannot be committed, then that is answered before its cursor is read', async () => {
      const funnel = await f.funnel(['E-2']);
      const sync = await expiredSync(funnel);
      const page = { size: 10, cursor: 'not-a-cursor' };
      expect(await commit(funnel, sync, { dryRun: true, page })).toMatchObject({
        state: 'refused',
        refusal: { status: 410 },
      });
    });
  });

  describe('queued', () => {
    it('when the commit is done within the wait, then its job answers it and the sync is committed', async () => {
      const funnel = await f.funnel(['F-1', 'F-2', 'F-3']);
      const sync = await f.start(funnel);
      expect(await f.tag(funnel, sync.syncId, ['F-1'])).toBe(200);
      const request = { limit: { maxDeletes: 2 } };
      const outcome = await commit(funnel, sync, request);
      expect(outcome).toMatchObject({
        state: 'answered',
        answer: {
          httpStatus: 200,
          body: { status: 'success', data: { state: 'committed', deleted: 2 } },
        },
      });
      expect(await f.stored(funnel)).toEqual(['F-1']);
      expect(await f.sync(sync.syncId)).toMatchObject({
        state: 'committed',
        commit: { toDelete: 2, deleted: 2, httpStatus: 200 },
      });
    });

    it('when the commit would delete more than its limit, then its job refuses it with 422, nothing is deleted and the sync is open again', async () => {
      const funnel = await f.funnel(['G-1', 'G-2', 'G-3']);
      const sync = await f.start(funnel);
      const outcome = await commit(funnel, sync, { limit: { maxDeletes: 2 } });
      expect(outcome).toMatchObject({
        state: 'answered',
        answer: {
          httpStatus: 422,
          body: { status: 'error', data: { syncId: sync.syncId, wouldDelete: 3, allowed: 2 } },
        },
      });
      expect(await f.stored(funnel)).toEqual(['G-1', 'G-2', 'G-3']);
      expect(await f.sync(sync.syncId)).toMatchObject({
        state: 'open',
        commit: { httpStatus: 422 },
      });
      expect(await f.tag(funnel, sync.syncId, ['G-1', 'G-2'])).toBe(200);
    });

    it('when the commit outlasts the wait, then it is left running with the sync closed to requests, and it goes on to committed', async () => {
      const funnel = await f.funnel(['H-1', 'H-2']);
      const sync = await f.start(funnel);
      const { queue } = f.api.context;
      const impatient = { ...f.services, waitMs: 100 };
      await queue.queues.of(TENANT).pause();
      try {
        expect(await commit(funnel, sync, {}, impatient)).toEqual({ state: 'running' });
        expect(await f.sync(sync.syncId)).toMatchObject({
          state: 'committing',
          commit: { toDelete: null, finishedAt: null },
        });
        expect(await f.tag(funnel, sync.syncId, ['H-1'])).toBe(409);
      } finally {
        await queue.queues.of(TENANT).resume();
      }
      await waitUntil(
        () => f.sync(sync.syncId),
        (latest) => latest?.state === 'committed',
        { what: 'the commit to be carried out' },
      );
      expect(await f.stored(funnel)).toEqual([]);
    });
  });

  describe('the queue away', () => {
    it("when the commit's job cannot be queued, then the queue is away and the sync is as it was: open to requests and to a commit", async () => {
      const funnel = await f.funnel(['I-1', 'I-2']);
      const sync = await f.start(funnel);
      const refused = await commit(funnel, sync, { limit: { maxDeletes: 0 } });
      expect(refused).toMatchObject({ state: 'answered', answer: { httpStatus: 422 } });
      const before = (await f.sync(sync.syncId))!;

      const { keys } = f.api.context.queue;
      const away = new FunnelQueue({ topology: testTopology(), keys });
      await away.waitUntilReady();
      await away.close();
      const outcome = await commit(funnel, before, {}, { ...f.services, queue: away });
      expect(outcome).toMatchObject({ state: 'queue-away', cause: expect.any(Error) });

      expect(await f.sync(sync.syncId)).toEqual(before);
      expect(await f.tag(funnel, sync.syncId, ['I-1'])).toBe(200);
      expect(await commit(funnel, before)).toMatchObject({
        state: 'answered',
        answer: { body: { data: { deleted: 1 } } },
      });
      expect(await f.stored(funnel)).toEqual(['I-1']);
    });

    it('when no place in the receipt order can be taken, then the queue is away and the sync is untouched', async () => {
      const funnel = await f.funnel(['J-1']);
      const sync = await f.start(funnel);
      const { keys } = f.api.context.queue;
      const receipts = new ReceiptSequence(await closedRedis(), keys);
      const outcome = await commit(funnel, sync, {}, { ...f.services, receipts });
      expect(outcome).toMatchObject({ state: 'queue-away' });
      expect(await f.sync(sync.syncId)).toEqual(sync);
      expect(await f.tag(funnel, sync.syncId, ['J-1'])).toBe(200);
    });
  });
});
