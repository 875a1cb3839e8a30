import { documentId } from '../../../core/domain/names';
import type { SyncDocument, SyncView } from '../../../core/syncs/sync';
import { startTestApi, type TestApi } from '../../support/api-harness';

interface SyncPage {
  items: SyncView[];
  nextCursor: string | null;
  counts: Record<SyncView['state'], number>;
}

const HOUR = 3_600_000;

describe("listing a funnel's full syncs", () => {
  let api: TestApi;
  let owner: string;
  let other: string;

  const syncsPath = (query = '') => `/api/v1/funnels/erp/syncs${query}`;
  const idsOf = (page: SyncPage) => page.items.map((sync) => sync.syncId);

  function sync(
    tenant: string,
    funnelId: string,
    n: number,
    fields: Partial<SyncDocument>,
  ): SyncDocument {
    const syncId = n.toString(16).padStart(32, '0');
    const startedAt = new Date(Date.now() - (10 - n) * HOUR);
    return {
      _id: documentId(tenant, syncId),
      syncId,
      tenant,
      funnelId,
      contentType: 'products',
      state: 'open',
      startSequence: n,
      startedAt,
      expiresAt: new Date(Date.now() + HOUR),
      requests: n,
      named: n * 10,
      commit: null,
      ...fields,
    };
  }

  async function createFunnel(tenant: string): Promise<string> {
    await api.context.contentTypes.create(tenant, 'products', {
      name: 'Products',
      kind: 'product',
      properties: [],
    });
    const funnel = await api.context.funnels.create(tenant, {
      contentType: 'products',
      name: 'ERP',
      endpointUrl: 'erp',
      description: '',
      active: true,
      partialValidation: false,
      mappings: [],
    });
    return funnel.id;
  }

  beforeAll(async () => {
    api = await startTestApi('sync-list');
    ({ token: owner } = await api.bootstrap('acme'));
    ({ token: other } = await api.bootstrap('globex'));
    const acme = await createFunnel('acme');
    const globex = await createFunnel('globex');
    const past = new Date(Date.now() - HOUR);
    const commit = {
      requestId: 'req-1',
      recordId: 'rec-1',
      receivedAt: past,
      toDelete: 4,
      deleted: 4,
      finishedAt: past,
      httpStatus: 200,
      message: 'Committed: 4 items were deleted',
    };
    await api.context.db.syncs.insertMany([
      sync('acme', acme, 1, { state: 'committed', commit }),
      sync('acme', acme, 2, { expiresAt: past }),
      sync('acme', acme, 3, {}),
      sync('acme', acme, 4, {}),
      sync('acme', 'another-funnel', 5, {}),
      sync('globex', globex, 6, {}),
    ]);
  });
  afterAll(() => api.close());

  it('when syncs are listed, then they come newest first, with their states and the counts', async () => {
    const response = await api.call<SyncPage>('GET', syncsPath(), { token: owner });
    expect(response.status).toBe(200);
    expect(response.body.items.map((item) => [item.syncId.slice(-1), item.state])).toEqual([
      ['4', 'open'],
      ['3', 'open'],
      ['2', 'expired'],
      ['1', 'committed'],
    ]);
    expect(response.body.counts).toEqual({ open: 2, expired: 1, committing: 0, committed: 1 });
    expect(response.body.items[3]).toMatchObject({
      endpointUrl: 'erp',
      requests: 1,
      namedIdentifiers: 10,
      commit: { toDelete: 4, deleted: 4, httpStatus: 200 },
    });
  });

  it.each([
    ['open', ['4', '3']],
    ['expired', ['2']],
    ['committed', ['1']],
    ['committing', []],
  ])('when the state %p is asked for, then only those come', async (state, expected) => {
    const page = await api.call<SyncPage>('GET', syncsPath(`?state=${state}`), { token: owner });
    expect(idsOf(page.body).map((id) => id.slice(-1))).toEqual(expected);
  });

  it('when pages follow nextCursor, then each sync comes once', async () => {
    const first = await api.call<SyncPage>('GET', syncsPath('?limit=3'), { token: owner });
    expect(first.body.items).toHaveLength(3);
    const next = `?limit=3&cursor=${first.body.nextCursor}`;
    const second = await api.call<SyncPage>('GET', syncsPath(next), { token: owner });
    expect(idsOf(second.body).map((id) => id.slice(-1))).toEqual(['1']);
    expect(second.body.nextCursor).toBeNull();
  });

  it.each([
    ['an unknown state', '?state=deleted', 'state'],
    ['a bad limit', '?limit=1000', 'limit'],
    ['a foreign cursor', '?cursor=eyJhdCI6MSwiaWQiOiJnbG9iZXg6eCJ9', 'cursor'],
    ['a garbage cursor', '?cursor=%24where', 'cursor'],
  ])('when the query has %s, then 422 names it', async (_what, query, field) => {
    const response = await api.call('GET', syncsPath(query), { token: owner });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors as object)).toEqual([field]);
  });

  it('when the query spells an operator, then 400 names it as a parameter the list does not take', async () => {
    const response = await api.call('GET', syncsPath('?state[$ne]=open&limit=0'), {
      token: owner,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Unknown query parameter "state\[\$ne\]"/);
  });

  it('when another tenant lists them, then it sees only its own; an unknown funnel is 404', async () => {
    const theirs = await api.call<SyncPage>('GET', syncsPath(), { token: other });
    expect(idsOf(theirs.body).map((id) => id.slice(-1))).toEqual(['6']);
    const mine = await api.call<SyncPage>('GET', syncsPath(), { token: owner });
    const acmeSync = mine.body.items[0]?.syncId ?? '';
    const read = await api.call('GET', syncsPath(`/${acmeSync}`), { token: other });
    expect(read.status).toBe(404);
    const unknown = await api.call('GET', '/api/v1/funnels/nothing/syncs', { token: owner });
    expect(unknown.status).toBe(404);
    expect((await api.call('GET', syncsPath())).status).toBe(401);
  });
});
