/**
 * Full syncs (docs/full-syncs.md) over HTTP against a real worker: start a sync, send the
 * snapshot tagged `?sync=`, commit; and every guard rail that keeps a commit from deleting what
 * it must not.
 */
import type { SyncView } from '../../../core/syncs/sync';
import { syncServices } from '../../../core/syncs/sync-services';
import type { CallResult } from '../../support/api-harness';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { waitUntil } from '../../support/wait-until';
import { identifiers, startPipeline, type Pipeline, type Scenario } from './pipeline-fixture';

interface CommitAnswer {
  status: string;
  message: string;
  data?: {
    syncId: string;
    deleted?: number;
    wouldDelete?: number;
    allowed?: number;
    recordId?: string;
    pending?: string[];
  };
}

interface Preview {
  wouldDelete: number;
  funnelItems: number;
  allowed: number;
  withinLimit: boolean;
  items: string[];
  nextCursor: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('full syncs', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('full-sync');
  });
  afterAll(() => p.close());

  const items = (skus: string[]) => skus.map((sku) => ({ sku, title: `Item ${sku}` }));

  async function seeded(skus: string[]): Promise<Scenario> {
    const scenario = await p.scenario();
    expect((await p.post(scenario.url, items(skus))).status).toBe(200);
    return scenario;
  }

  async function start(url: string, token = p.token): Promise<SyncView> {
    const response = await p.api.call<SyncView>('POST', `/api/v1/funnels/${url}/syncs`, { token });
    expect(response.status).toBe(201);
    return response.body;
  }

  const tagged = (url: string, syncId: string, body: unknown, extra = '') =>
    p.api.call<Record<string, unknown>>('POST', `/api/v1/funnels/${url}?sync=${syncId}${extra}`, {
      token: p.token,
      body,
    });

  const commit = <T = CommitAnswer>(url: string, syncId: string, body: unknown, query = '') =>
    p.api.call<T>('POST', `/api/v1/funnels/${url}/syncs/${syncId}/commit${query}`, {
      token: p.token,
      body,
    });

  const getSync = (url: string, syncId: string, token = p.token) =>
    p.api.call<SyncView>('GET', `/api/v1/funnels/${url}/syncs/${syncId}`, { token });

  const stored = async (contentType: string) => identifiers(await p.items(contentType));

  describe('the happy path', () => {
    it('when a snapshot is sent tagged and committed, then what it no longer holds is deleted, as a DELETE would, and the history shows the sync', async () => {
      const { url, contentType } = await seeded(['A-1', 'A-2', 'A-3', 'A-4', 'A-5']);
      const sync = await start(url);
      expect(sync).toMatchObject({ state: 'open', endpointUrl: url, contentType, commit: null });

      const first = await tagged(url, sync.syncId, items(['A-1', 'A-2']));
      const second = await tagged(url, sync.syncId, items(['A-3', 'A-6']));
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(await getSync(url, sync.syncId)).toMatchObject({
        status: 200,
        body: { requests: 2, namedIdentifiers: 4 },
      });

      const committed = await commit(url, sync.syncId, { maxDeletes: 10 });
      expect(committed.status).toBe(200);
      expect(committed.body).toMatchObject({
        status: 'success',
        message: `Sync ${sync.syncId} committed: 2 items were deleted`,
        data: { syncId: sync.syncId, state: 'committed', deleted: 2 },
      });
      expect(await stored(contentType)).toEqual(['A-1', 'A-2', 'A-3', 'A-6']);

      const after = await getSync(url, sync.syncId);
      expect(after.body).toMatchObject({
        state: 'committed',
        commit: { toDelete: 2, deleted: 2, httpStatus: 200 },
      });
      const record = await p.history(url, committed.body.data!.recordId!);
      expect(record).toMatchObject({
        method: 'DELETE',
        status: 'success',
        sync: sync.syncId,
        syncCommit: true,
        deletedIds: ['A-4', 'A-5'],
      });
      const sent = await p.history(url, first.headers.get('x-request-id')!);
      expect(sent.sync).toBe(sync.syncId);
      const listed = await p.api.call<{ items: { recordId: string; syncCommit?: boolean }[] }>(
        'GET',
        `/api/v1/funnels/${url}/history?sync=${sync.syncId}`,
        { token: p.token },
      );
      // The sync's requests and its commit together, newest first; the untagged seed left out.
      expect(listed.body.items.map((entry) => entry.syncCommit ?? false)).toEqual([
        true,
        false,
        false,
      ]);
      expect(p.serverErrors()).toEqual([]);
    });

    it('when a deleted item is sent again later, then it comes back: the commit left a tombstone only for older writes', async () => {
      const { url, contentType } = await seeded(['B-1', 'B-2']);
      const sync = await start(url);
      await tagged(url, sync.syncId, items(['B-1']));
      expect((await commit(url, sync.syncId, { maxDeletePercent: 50 })).status).toBe(200);
      expect(await stored(contentType)).toEqual(['B-1']);
      expect((await p.post(url, items(['B-2']))).status).toBe(200);
      expect(await stored(contentType)).toEqual(['B-1', 'B-2']);
    });
  });

  describe('the limit', () => {
    it('when a commit would delete more than maxDeletes, then 422 names how many and nothing is deleted; the sync stays open', async () => {
      const { url, contentType } = await seeded(['C-1', 'C-2', 'C-3']);
      const sync = await start(url);
      await tagged(url, sync.syncId, items(['C-1']));
      const refused = await commit(url, sync.syncId, { maxDeletes: 1 });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        status: 'error',
        message: 'The commit would delete 2 items, more than the limit of 1; nothing was deleted',
        data: { wouldDelete: 2, allowed: 1 },
      });
      expect(await stored(contentType)).toEqual(['C-1', 'C-2', 'C-3']);
      expect((await getSync(url, sync.syncId)).body).toMatchObject({
        state: 'open',
        commit: { httpStatus: 422 },
      });
      // Still open: it takes requests, and a commit within a higher limit.
      expect((await tagged(url, sync.syncId, items(['C-2']))).status).toBe(200);
      expect((await commit(url, sync.syncId, { maxDeletes: 1 })).status).toBe(200);
      expect(await stored(contentType)).toEqual(['C-1', 'C-2']);
    });

    it("when a commit would delete more than maxDeletePercent of the funnel's items, then 422", async () => {
      const { url, contentType } = await seeded(['D-1', 'D-2', 'D-3', 'D-4']);
      const sync = await start(url);
      await tagged(url, sync.syncId, items(['D-1', 'D-2']));
      const refused = await commit(url, sync.syncId, { maxDeletePercent: 49 });
      expect(refused.status).toBe(422);
      expect(refused.body.data).toMatchObject({ wouldDelete: 2, allowed: 1 });
      expect(await stored(contentType)).toEqual(['D-1', 'D-2', 'D-3', 'D-4']);
      expect((await commit(url, sync.syncId, { maxDeletePercent: 50 })).status).toBe(200);
      expect(await stored(contentType)).toEqual(['D-1', 'D-2']);
    });

    it('when the body gives no limit, or both, then 422 naming the field', async () => {
      const { url } = await seeded(['E-1']);
      const sync = await start(url);
      for (const body of [{}, { maxDeletes: 1, maxDeletePercent: 5 }, { maxDeletes: -1 }]) {
        const response = await p.api.call<{ errors: Record<string, string> }>(
          'POST',
          `/api/v1/funnels/${url}/syncs/${sync.syncId}/commit`,
          { token: p.token, body },
        );
        expect(response.status).toBe(422);
        expect(Object.keys(response.body.errors)).toContain('maxDeletes');
      }
    });
  });

  describe('the dry run', () => {
    it('when dryRun is true, then it answers the identifiers it would delete in pages and deletes nothing', async () => {
      const { url, contentType } = await seeded(['F-1', 'F-2', 'F-3', 'F-4']);
      const sync = await start(url);
      await tagged(url, sync.syncId, items(['F-2']));
      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page: CallResult<Preview> = await commit<Preview>(
          url,
          sync.syncId,
          { maxDeletes: 1, dryRun: true },
          query,
        );
        expect(page.status).toBe(200);
        expect(page.body).toMatchObject({ wouldDelete: 3, allowed: 1, withinLimit: false });
        pages.push(page.body.items);
        cursor = page.body.nextCursor;
      } while (cursor !== null);
      expect(pages).toEqual([['F-1', 'F-3'], ['F-4']]);
      expect(await stored(contentType)).toEqual(['F-1', 'F-2', 'F-3', 'F-4']);
      expect((await getSync(url, sync.syncId)).body).toMatchObject({ state: 'open', commit: null });
    });

    it('when ?dryRun=true is in the query, then the commit is a dry run: it answers the preview and deletes nothing', async () => {
      const { url, contentType } = await seeded(['Q-1', 'Q-2', 'Q-3']);
      const sync = await start(url);
      await tagged(url, sync.syncId, items(['Q-2']));
      const preview = await commit<Preview>(
        url,
        sync.syncId,
        { maxDeletePercent: 100 },
        '?dryRun=true',
      );
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        syncId: sync.syncId,
        dryRun: true,
        wouldDelete: 2,
        withinLimit: true,
        items: ['Q-1', 'Q-3'],
        nextCursor: null,
      });
      expect(await stored(contentType)).toEqual(['Q-1', 'Q-2', 'Q-3']);
      expect((await getSync(url, sync.syncId)).body).toMatchObject({ state: 'open', commit: null });
    });

    it('when the query and the body disagree on dryRun, then 400 and nothing is deleted; when they agree, a dry run', async () => {
      const { url, contentType } = await seeded(['R-1', 'R-2']);
      const sync = await start(url);
      for (const [query, dryRun] of [
        ['?dryRun=true', false],
        ['?dryRun=false', true],
      ] as const) {
        const refused = await commit(url, sync.syncId, { maxDeletes: 5, dryRun }, query);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toContain('dryRun');
      }
      const agreed = await commit<Preview>(
        url,
        sync.syncId,
        { maxDeletes: 5, dryRun: true },
        '?dryRun=true',
      );
      expect(agreed.status).toBe(200);
      expect(agreed.body).toMatchObject({ dryRun: true, wouldDelete: 2 });
      expect(await stored(contentType)).toEqual(['R-1', 'R-2']);
    });

    it('when the flag is misspelt or not "true" or "false", then 400 naming it and nothing is deleted', async () => {
      const { url, contentType } = await seeded(['S-1']);
      const sync = await start(url);
      const cases = [
        ['?dry_run=true', 'Unknown query parameter "dry_run"'],
        ['?dryrun=true', 'Unknown query parameter "dryrun"'],
        ['?dryRun=1', '"true" or "false"'],
        ['?dryRun=true&dryRun=true', 'more than once'],
      ];
      for (const [query, message] of cases) {
        const refused = await commit(url, sync.syncId, { maxDeletePercent: 100 }, query);
        expect({ query, status: refused.status }).toEqual({ query, status: 400 });
        expect(refused.body.message).toContain(message);
      }
      expect(await stored(contentType)).toEqual(['S-1']);
      expect((await getSync(url, sync.syncId)).body).toMatchObject({ state: 'open', commit: null });
    });

    it('when a tagged request is a dry run, then it names nothing to the sync', async () => {
      const { url } = await seeded(['G-1', 'G-2']);
      const sync = await start(url);
      expect((await tagged(url, sync.syncId, items(['G-1']), '&dryRun=true')).status).toBe(200);
      const preview = await commit<Preview>(url, sync.syncId, { maxDeletes: 5, dryRun: true });
      expect(preview.body.items).toEqual(['G-1', 'G-2']);
    });
  });

  it("when many of a sync's requests are processed at once, then its counts hold every one of them", async () => {
    const { url } = await seeded(['C-0']);
    const sync = await start(url);
    const sent = await Promise.all(
      Array.from({ length: 24 }, (_, i) => tagged(url, sync.syncId, items([`C-${i}a`, `C-${i}b`]))),
    );
    expect(sent.map((response) => response.status)).toEqual(sent.map(() => 200));
    expect((await getSync(url, sync.syncId)).body).toMatchObject({
      requests: 24,
      namedIdentifiers: 48,
    });
  });

  describe('requests of the sync still queued or running', () => {
    it('when a request of the sync is queued, then a commit (and its dry run) is 409 and deletes nothing; once it is done, the commit goes through', async () => {
      const { url, contentType } = await seeded(['H-1', 'H-2']);
      const sync = await start(url);
      await p.api.context.queue.queues.of('acme').pause();
      let queued: CallResult<{ data: { recordId: string } }>;
      try {
        queued = await p.api.call('POST', `/api/v1/funnels/${url}?sync=${sync.syncId}`, {
          token: p.token,
          body: items(['H-1']),
          headers: { Prefer: 'respond-async' },
        });
        expect(queued.status).toBe(202);
        for (const body of [{ maxDeletes: 5 }, { maxDeletes: 5, dryRun: true }]) {
          const refused = await commit(url, sync.syncId, body);
          expect(refused.status).toBe(409);
          expect(refused.body.data?.pending).toEqual([queued.body.data.recordId]);
        }
        expect(await stored(contentType)).toEqual(['H-1', 'H-2']);
      } finally {
        await p.api.context.queue.queues.of('acme').resume();
      }
      await waitUntil(
        () => p.history(url, queued.body.data.recordId),
        (record) => record.status === 'success',
        { what: 'the queued request to be done' },
      );
      await waitUntil(
        () => commit(url, sync.syncId, { maxDeletes: 5, dryRun: true }),
        (response) => response.status === 200,
        { what: 'the sync to have no pending request' },
      );
      expect((await commit(url, sync.syncId, { maxDeletes: 5 })).body).toMatchObject({
        data: { deleted: 1 },
      });
      expect(await stored(contentType)).toEqual(['H-1']);
    });
    it('when a request is still marked pending but its history record is final (its worker stopped between the two), then it holds no commit back', async () => {
      const { url, contentType } = await seeded(['S-1', 'S-2']);
      const sync = await start(url);
      const sent = await tagged(url, sync.syncId, items(['S-1']));
      const recordId = sent.headers.get('x-request-id')!;
      const { queue, db } = p.api.context;
      const gate = syncServices(db, queue.redis, queue.keys).gate;
      // As a worker leaves it that stored the record and stopped before marking the request done.
      expect(await gate.admit('acme', sync.syncId, recordId)).toBe('open');
      expect(await gate.pending('acme', sync.syncId)).toEqual([recordId]);
      expect((await commit(url, sync.syncId, { maxDeletes: 5 })).status).toBe(200);
      expect(await stored(contentType)).toEqual(['S-1']);
    });
  });

  describe('refused tags', () => {
    it('when a request names an unknown sync, or a malformed one, then it is refused before it is queued', async () => {
      const { url, contentType } = await seeded(['I-1']);
      const unknown = await tagged(url, 'a'.repeat(32), items(['I-2']));
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(`No sync "${'a'.repeat(32)}" on this funnel`);
      expect((await tagged(url, 'not-a-sync', items(['I-2']))).status).toBe(400);
      const other = await seeded(['J-1']);
      const othersSync = await start(other.url);
      expect((await tagged(url, othersSync.syncId, items(['I-2']))).status).toBe(404);
      expect(await stored(contentType)).toEqual(['I-1']);
    });

    it('when a request names a committed sync, then 409 and nothing is written', async () => {
      const { url, contentType } = await seeded(['K-1']);
      const sync = await start(url);
      await tagged(url, sync.syncId, items(['K-1']));
      expect((await commit(url, sync.syncId, { maxDeletes: 0 })).status).toBe(200);
      const late = await tagged(url, sync.syncId, items(['K-2']));
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(`The sync "${sync.syncId}" is committed; start a new sync`);
      expect((await commit(url, sync.syncId, { maxDeletes: 0 })).status).toBe(409);
      expect(await stored(contentType)).toEqual(['K-1']);
    });
  });

  describe('what a commit never deletes', () => {
    it('when an item is written after the sync started, untagged, then the commit keeps it', async () => {
      const { url, contentType } = await seeded(['L-1', 'L-2', 'L-3']);
      const sync = await start(url);
      expect((await p.post(url, items(['L-3']))).status).toBe(200);
      await tagged(url, sync.syncId, items(['L-1']));
      const committed = await commit(url, sync.syncId, { maxDeletes: 10 });
      expect(committed.body.data?.deleted).toBe(1);
      expect(await stored(contentType)).toEqual(['L-1', 'L-3']);
    });

    it('when another funnel wrote items of the same content type, then the commit keeps them', async () => {
      const mine = await seeded(['M-1', 'M-2']);
      const theirs = await p.scenario({ contentType: mine.contentType });
      expect((await p.post(theirs.url, items(['N-1']))).status).toBe(200);
      const sync = await start(mine.url);
      const committed = await commit(mine.url, sync.syncId, { maxDeletePercent: 100 });
      expect(committed.body.data?.deleted).toBe(2);
      expect(await stored(mine.contentType)).toEqual(['N-1']);
    });
  });

  describe('a funnel changed meanwhile', () => {
    it('when the funnel now writes another content type, then the commit is refused with 409 and deletes nothing in either', async () => {
      const { url, contentType } = await seeded(['T-1', 'T-2']);
      const other = await seeded(['T-1', 'T-3']);
      const sync = await start(url);
      const patched = await p.api.call('PATCH', `/api/v1/settings/funnels/${url}`, {
        token: p.token,
        body: { contentType: other.contentType },
      });
      expect(patched.status).toBe(200);
      const refused = await commit(url, sync.syncId, { maxDeletePercent: 100 });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        "The funnel's content type changed since the sync started; start a new sync",
      );
      expect(await stored(contentType)).toEqual(['T-1', 'T-2']);
      expect(await stored(other.contentType)).toEqual(['T-1', 'T-3']);
    });
  });

  describe('tenants', () => {
    it("when another tenant's token names a sync, then it is unknown to it: 404 for reading, committing and tagging", async () => {
      const { url, contentType } = await seeded(['P-1', 'P-2']);
      const sync = await start(url);
      const other = await p.api.bootstrap('other-tenant');
      // The other tenant has a funnel of the same endpoint URL.
      await p.api.call('PUT', `/api/v1/settings/content-types/${contentType}`, {
        token: other.token,
        body: { name: 'x', kind: 'product', properties: [] },
      });
      await p.api.call('POST', '/api/v1/settings/funnels', {
        token: other.token,
        body: {
          contentType,
          name: url,
          endpointUrl: url,
          mappings: [
            { source: 'sku', target: { system: 'identifier' } },
            { source: 'title', target: { system: 'name' } },
          ],
        },
      });
      expect((await getSync(url, sync.syncId, other.token)).status).toBe(404);
      const path = `/api/v1/funnels/${url}/syncs/${sync.syncId}/commit`;
      const committed = await p.api.call('POST', path, {
        token: other.token,
        body: { maxDeletePercent: 100 },
      });
      expect(committed.status).toBe(404);
      const taggedByOther = await p.api.call('POST', `/api/v1/funnels/${url}?sync=${sync.syncId}`, {
        token: other.token,
        body: items(['P-9']),
      });
      expect(taggedByOther.status).toBe(404);
      expect(await stored(contentType)).toEqual(['P-1', 'P-2']);
      expect((await getSync(url, sync.syncId)).body.state).toBe('open');
    });
  });
});

describe('a full sync left open', () => {
  let api: TestApi;
  let p: Pipeline;
  let offsetMs = 0;

  beforeAll(async () => {
    p = await startPipeline('full-sync-expiry');
    // A second API on the same deployment whose clock the test moves.
    api = await startTestApi('full-sync-expiry', p.api.env, {
      clock: () => new Date(Date.now() + offsetMs),
    });
  });
  afterAll(async () => {
    await api.close();
    await p.close();
  });

  it('when 24 hours have passed since it started, then it is expired: tagged requests get 410, its commit 410, and nothing is deleted', async () => {
    const { url, contentType } = await p.scenario();
    await p.post(url, [
      { sku: 'Q-1', title: 'q' },
      { sku: 'Q-2', title: 'q' },
    ]);
    // Started 24 hours and a minute ago, as the moved clock says.
    offsetMs = -DAY_MS - 60_000;
    const started = await api.call<SyncView>('POST', `/api/v1/funnels/${url}/syncs`, {
      token: p.token,
    });
    offsetMs = 0;
    expect(started.status).toBe(201);
    const { syncId } = started.body;
    const get = await p.api.call<SyncView>('GET', `/api/v1/funnels/${url}/syncs/${syncId}`, {
      token: p.token,
    });
    expect(get.body.state).toBe('expired');
    const late = await p.api.call<{ message: string }>(
      'POST',
      `/api/v1/funnels/${url}?sync=${syncId}`,
      {
        token: p.token,
        body: [{ sku: 'Q-1', title: 'q' }],
      },
    );
    expect(late.status).toBe(410);
    const committed = await p.api.call('POST', `/api/v1/funnels/${url}/syncs/${syncId}/commit`, {
      token: p.token,
      body: { maxDeletePercent: 100 },
    });
    expect(committed.status).toBe(410);
    expect(identifiers(await p.items(contentType))).toEqual(['Q-1', 'Q-2']);
  });
});

describe('a commit that outlasts the wait', () => {
  let impatient: TestApi;
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('full-sync-background');
    // The same deployment, answering after 100 ms whatever is still running.
    impatient = await startTestApi('full-sync-background', {
      ...p.api.env,
      WAIT_TIMEOUT_MS: '100',
    });
  });
  afterAll(async () => {
    await impatient.close();
    await p.close();
  });

  it('when the commit is not done within WAIT_TIMEOUT_MS, then 202 names the sync, which shows the commit going on and then done', async () => {
    const { url, contentType } = await p.scenario();
    await p.post(url, [
      { sku: 'R-1', title: 'r' },
      { sku: 'R-2', title: 'r' },
    ]);
    const started = await p.api.call<SyncView>('POST', `/api/v1/funnels/${url}/syncs`, {
      token: p.token,
    });
    const { syncId } = started.body;
    const path = `/api/v1/funnels/${url}/syncs/${syncId}`;
    await p.api.context.queue.queues.of('acme').pause();
    try {
      const accepted = await impatient.call<{ data: { state: string } }>('POST', `${path}/commit`, {
        token: p.token,
        body: { maxDeletePercent: 100 },
      });
      expect(accepted.status).toBe(202);
      expect(accepted.headers.get('location')).toBe(path);
      expect(accepted.body.data.state).toBe('committing');
      const during = await p.api.call<SyncView>('GET', path, { token: p.token });
      expect(during.body).toMatchObject({ state: 'committing', commit: { finishedAt: null } });
      // A request tagged meanwhile is refused: the commit never races it.
      const late = await p.api.call('POST', `/api/v1/funnels/${url}?sync=${syncId}`, {
        token: p.token,
        body: [{ sku: 'R-3', title: 'r' }],
      });
      expect(late.status).toBe(409);
    } finally {
      await p.api.context.queue.queues.of('acme').resume();
    }
    const done = await waitUntil(
      () => p.api.call<SyncView>('GET', path, { token: p.token }),
      (response) => response.body.state === 'committed',
      { what: 'the commit to finish' },
    );
    expect(done.body.commit).toMatchObject({ toDelete: 2, deleted: 2, httpStatus: 200 });
    expect(identifiers(await p.items(contentType))).toEqual([]);
  });
});
