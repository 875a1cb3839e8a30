import { documentId } from '../../../core/domain/names';
import { HistoryRepository } from '../../../core/history/history.repository';
import type { ItemDocument, ItemView } from '../../../core/items/item';
import { historyRecord, type RequestOutcome } from '../../../core/ingest/history-record-builder';
import { encodeCursor } from '../../../core/mongo/page-cursor';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { ttlSafeExpiry } from '../../support/ttl-safe-expiry';

interface ItemPage {
  items: ItemView[];
  nextCursor: string | null;
}

const T0 = Date.parse('2024-05-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

function item(tenant: string, identifier: string, funnelId: string, sequence = 1): ItemDocument {
  return {
    _id: documentId(tenant, 'products', identifier),
    tenant,
    contentType: 'products',
    identifier,
    identifierLower: identifier.toLowerCase(),
    name: identifier,
    image: null,
    parent: null,
    properties: {},
    createdAt: at(0),
    updatedAt: at(0),
    receivedAt: at(sequence),
    sequence,
    version: 3,
    funnelId,
  };
}

describe('finding an item and the requests that named it', () => {
  let api: TestApi;
  let history: HistoryRepository;
  let owner: string;
  let other: string;
  let erpId: string;

  const itemsPath = (query = '') => `/api/v1/content-types/products/items${query}`;
  const identifiersOf = (page: ItemPage) => page.items.map((view) => view.identifier);

  /** A finished request of the funnel at `sequence` minutes, recorded as the worker does. */
  async function recordRequest(
    tenant: string,
    funnelId: string,
    recordId: string,
    sequence: number,
    method: 'POST' | 'DELETE',
    outcome: Partial<RequestOutcome>,
  ): Promise<void> {
    const job = {
      tenant,
      requestId: `req-${recordId}`,
      recordId,
      endpointUrl: 'erp',
      funnelId,
      method,
      receivedAt: at(sequence).toISOString(),
      sequence,
      tokenId: null,
      dryRun: false,
      bodyFormat: 'json' as const,
    };
    const done = { status: 'success' as const, httpStatus: 200, message: 'done', itemCount: 1 };
    const record = historyRecord(job, Buffer.from('[]'), { ...done, ...outcome }, 30);
    await history.save({ ...record, expiresAt: ttlSafeExpiry() });
  }

  beforeAll(async () => {
    api = await startTestApi('item-trail');
    history = new HistoryRepository(api.context.db);
    ({ token: owner } = await api.bootstrap('acme'));
    ({ token: other } = await api.bootstrap('globex'));
    for (const tenant of ['acme', 'globex']) {
      await api.context.contentTypes.create(tenant, 'products', {
        name: 'Products',
        kind: 'product',
        properties: [],
      });
    }
    const erp = await api.context.funnels.create('acme', {
      contentType: 'products',
      name: 'ERP products',
      endpointUrl: 'erp',
      description: '',
      active: true,
      partialValidation: false,
      mappings: [],
    });
    erpId = erp.id;
    const ids = ['A-1', 'A-2', 'A-10', 'B-1', 'a-1', '.*', 'A.1', 'A[1', '$x', '😀-1', '😀😀'];
    await api.context.db.items.insertMany([
      ...ids.map((id) => item('acme', id, erpId)),
      item('acme', 'W-1', erpId, 5),
      item('globex', 'A-99', 'theirs'),
    ]);
    await recordRequest('acme', erpId, 'first', 2, 'POST', { successIds: ['W-1', 'A-1'] });
    await recordRequest('acme', erpId, 'failed', 3, 'POST', {
      status: 'error',
      httpStatus: 422,
      errors: { 'W-1': { Name: 'This field is required' }, '[1]': { Id: 'Missing' } },
    });
    await recordRequest('acme', erpId, 'latest', 5, 'POST', {
      successIds: ['w-1'],
      resolved: [{ sent: 'w-1', writtenTo: 'W-1' }],
    });
    await recordRequest('acme', erpId, 'gone', 4, 'DELETE', { deletedIds: ['G-1'] });
  });
  afterAll(() => api.close());

  describe('searching by identifier prefix', () => {
    it('when a prefix is given, then only the identifiers starting with it come, in order', async () => {
      const page = await api.call<ItemPage>('GET', itemsPath('?prefix=A-1'), { token: owner });
      expect(page.status).toBe(200);
      expect(identifiersOf(page.body)).toEqual(['A-1', 'A-10']);
    });

    it('when the prefix holds regular expression characters, then they match only themselves', async () => {
      for (const [prefix, expected] of [
        ['.*', ['.*']],
        ['A.', ['A.1']],
        ['A[', ['A[1']],
        ['$', ['$x']],
        ['^A', []],
      ] as const) {
        const query = `?prefix=${encodeURIComponent(prefix)}`;
        const page = await api.call<ItemPage>('GET', itemsPath(query), { token: owner });
        expect({ prefix, status: page.status, ids: identifiersOf(page.body) }).toEqual({
          prefix,
          status: 200,
          ids: expected,
        });
      }
    });

    it('when the prefix ends in a character outside the basic plane, then its range holds', async () => {
      const query = `?prefix=${encodeURIComponent('😀')}`;
      const page = await api.call<ItemPage>('GET', itemsPath(query), { token: owner });
      expect(identifiersOf(page.body)).toEqual(['😀-1', '😀😀']);
    });

    it('when pages of a prefix follow nextCursor, then each item comes once', async () => {
      const first = await api.call<ItemPage>('GET', itemsPath('?prefix=A&limit=2'), {
        token: owner,
      });
      expect(identifiersOf(first.body)).toEqual(['A-1', 'A-10']);
      const query = `?prefix=A&limit=2&cursor=${first.body.nextCursor}`;
      const second = await api.call<ItemPage>('GET', itemsPath(query), { token: owner });
      expect(identifiersOf(second.body)).toEqual(['A-2', 'A.1']);
      // A cursor of the prefix "A" under the prefix "B" never leaves B's range.
      const moved = `?prefix=B&cursor=${first.body.nextCursor}`;
      const third = await api.call<ItemPage>('GET', itemsPath(moved), { token: owner });
      expect(identifiersOf(third.body)).toEqual(['B-1']);
    });

    it.each([
      ['an array', 'prefix=a&prefix=b'],
      ['an empty string', 'prefix='],
      ['a control character', `prefix=${encodeURIComponent('A\u0000')}`],
      ['257 characters', `prefix=${'x'.repeat(257)}`],
      ['5,000 characters', `prefix=${'x'.repeat(5_000)}`],
    ])('when the prefix is %s, then 422 names prefix', async (_what, query) => {
      const response = await api.call('GET', itemsPath(`?${query}`), { token: owner });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors as object)).toEqual(['prefix']);
    });

    it('when the query string spells an operator, then it is no filter: an unknown parameter, refused', async () => {
      const spelled = await api.call('GET', itemsPath('?prefix[$gt]=B'), { token: owner });
      expect(spelled.status).toBe(400);
      expect(spelled.body.message).toMatch(/^Unknown query parameter "prefix\[\$gt\]"/);
    });

    it('when another tenant has an identifier with the prefix, then it is not listed', async () => {
      const page = await api.call<ItemPage>('GET', itemsPath('?prefix=A-9'), { token: owner });
      expect(identifiersOf(page.body)).toEqual([]);
      const cursor = encodeCursor({ id: documentId('globex', 'products', 'A-0') });
      const foreign = await api.call('GET', itemsPath(`?prefix=A&cursor=${cursor}`), {
        token: owner,
      });
      expect(foreign.status).toBe(422);
    });
  });

  describe('an item and its last write', () => {
    it('when the request that last wrote it is recorded, then the item names it and its funnel', async () => {
      const response = await api.call('GET', itemsPath('/W-1'), { token: owner });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        identifier: 'W-1',
        version: 3,
        lastWrite: {
          funnelId: erpId,
          endpointUrl: 'erp',
          funnelName: 'ERP products',
          receivedAt: at(5).toISOString(),
          recordId: 'latest',
          requestId: 'req-latest',
        },
      });
    });

    it.each([
      ['holds a control character', encodeURIComponent('W\u0001')],
      ['is an operator object', encodeURIComponent('{"$gt":""}')],
      ['is too long', 'x'.repeat(5_000)],
    ])('when the identifier %s, then 404: it names no item', async (_what, identifier) => {
      const response = await api.call('GET', itemsPath(`/${identifier}`), { token: owner });
      expect(response.status).toBe(404);
    });

    it('when the identifier looks like a regular expression, then it names only itself', async () => {
      const response = await api.call('GET', itemsPath(`/${encodeURIComponent('.*')}`), {
        token: owner,
      });
      expect(response.body).toMatchObject({ identifier: '.*' });
    });
  });

  describe('the requests that named an item', () => {
    it('when an item was written, failed and written again, then each request says what it did, newest first', async () => {
      const response = await api.call('GET', itemsPath('/W-1/requests'), { token: owner });
      expect(response.status).toBe(200);
      const trail = response.body.items as { recordId: string; outcome: string }[];
      expect(trail.map(({ recordId, outcome }) => [recordId, outcome])).toEqual([
        ['latest', 'written'],
        ['failed', 'failed'],
        ['first', 'written'],
      ]);
      expect(response.body.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ recordId: 'latest', endpointUrl: 'erp', method: 'POST' }),
        ]),
      );
    });

    it('when the item is gone, then the request that deleted it is still found', async () => {
      expect((await api.call('GET', itemsPath('/G-1'), { token: owner })).status).toBe(404);
      const response = await api.call('GET', itemsPath('/G-1/requests'), { token: owner });
      expect(response.body.items).toEqual([
        expect.objectContaining({ recordId: 'gone', method: 'DELETE', outcome: 'deleted' }),
      ]);
    });

    it('when the history is filtered by an identifier, then only the requests naming it come', async () => {
      const path = `/api/v1/funnels/erp/history?identifier=W-1`;
      const response = await api.call('GET', path, { token: owner });
      expect(response.status).toBe(200);
      const entries = response.body.items as { recordId: string; identifierCount: number }[];
      expect(entries.map((entry) => entry.recordId)).toEqual(['latest', 'failed', 'first']);
      const first = entries.find((entry) => entry.recordId === 'first');
      expect(first).toMatchObject({ identifiers: ['W-1', 'A-1'], identifierCount: 2 });
      // The error keyed by position names no item.
      const failed = entries.find((entry) => entry.recordId === 'failed');
      expect(failed).toMatchObject({ identifiers: ['W-1'], identifierCount: 1 });
    });

    it.each([
      ['a control character', `identifier=${encodeURIComponent('\u0007')}`],
      ['5,000 characters', `identifier=${'x'.repeat(5_000)}`],
    ])('when the history identifier is %s, then 422 names identifier', async (_what, query) => {
      const response = await api.call('GET', `/api/v1/funnels/erp/history?${query}`, {
        token: owner,
      });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors as object)).toEqual(['identifier']);
    });

    it('when the query string spells an operator for the identifier, then it is refused as a parameter the list does not take', async () => {
      const path = '/api/v1/funnels/erp/history?identifier[$regex]=.*&identifier[$ne]=x';
      const response = await api.call('GET', path, { token: owner });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Unknown query parameter "identifier\[\$regex\]"/);
    });

    it('when the identifier is a regular expression, then it matches only itself', async () => {
      const path = `/api/v1/funnels/erp/history?identifier=${encodeURIComponent('.*')}`;
      const response = await api.call('GET', path, { token: owner });
      expect(response.body.items).toEqual([]);
    });
  });

  describe('the changes of an item', () => {
    beforeAll(async () => {
      const batch = (tenant: string, firstSeq: number, entries: [string, string, number][]) => ({
        _id: `${tenant}:${firstSeq}`,
        tenant,
        contentType: 'products',
        firstSeq,
        lastSeq: firstSeq + entries.length - 1,
        entries: entries.map(([event, identifier, version]) => ({
          event: event as 'created' | 'updated' | 'deleted',
          identifier,
          version,
        })),
        at: at(firstSeq),
      });
      await api.context.db.changes.insertMany([
        batch('acme', 1, [
          ['created', 'W-1', 1],
          ['created', 'A-1', 1],
          ['created', 'G-1', 1],
        ]),
        batch('acme', 4, [
          ['updated', 'W-1', 2],
          ['deleted', 'G-1', 2],
        ]),
        batch('globex', 1, [['created', 'W-1', 1]]),
      ]);
    });

    it('when an item changed, then its records come newest first with their numbers and versions', async () => {
      const response = await api.call('GET', itemsPath('/W-1/changes'), { token: owner });
      expect(response.status).toBe(200);
      expect(response.body.items).toEqual([
        // No diff was recorded beside these batches.
        { seq: 4, event: 'updated', version: 2, at: at(4).toISOString(), diff: null },
        { seq: 1, event: 'created', version: 1, at: at(1).toISOString(), diff: null },
      ]);
      const one = await api.call('GET', itemsPath('/W-1/changes?limit=1'), { token: owner });
      expect(one.body.items).toHaveLength(1);
    });

    it('when the item was deleted, then its deletion is among its changes', async () => {
      const response = await api.call('GET', itemsPath('/G-1/changes'), { token: owner });
      const changes = response.body.items as { event: string }[];
      expect(changes.map((change) => change.event)).toEqual(['deleted', 'created']);
    });

    it("when another tenant asks, then it gets only its own item's changes", async () => {
      const response = await api.call('GET', itemsPath('/W-1/changes'), { token: other });
      expect(response.body.items).toEqual([
        { seq: 1, event: 'created', version: 1, at: at(1).toISOString(), diff: null },
      ]);
      const bad = await api.call('GET', itemsPath(`/${encodeURIComponent('W\u0001')}/changes`), {
        token: owner,
      });
      expect(bad.body.items).toEqual([]);
      const limit = await api.call('GET', itemsPath('/W-1/changes?limit=1000'), { token: owner });
      expect(limit.status).toBe(422);
    });
  });

  describe("another tenant's items and history", () => {
    it('when another tenant asks for them, then 404', async () => {
      for (const path of [
        itemsPath('/W-1'),
        itemsPath('/W-1/requests'),
        '/api/v1/funnels/erp/history?identifier=W-1',
        '/api/v1/funnels/erp/history/latest',
      ]) {
        const response = await api.call('GET', path, { token: other });
        // globex has a content type "products" too: its list is its own, W-1 is not in it.
        const expected = path.endsWith('/requests') ? 200 : 404;
        expect({ path, status: response.status }).toEqual({ path, status: expected });
        if (expected === 200) expect(response.body.items).toEqual([]);
      }
      const theirs = await api.call<ItemPage>('GET', itemsPath('?prefix=W'), { token: other });
      expect(identifiersOf(theirs.body)).toEqual([]);
    });

    it('when a token lacks manage_funnels, then the requests of an item are refused', async () => {
      const user = await api.call('POST', '/api/v1/settings/users', {
        token: owner,
        body: { email: 'reader@acme.test', permissions: [] },
      });
      const created = await api.call('POST', '/api/v1/settings/tokens', {
        token: owner,
        body: { name: 'reader', abilities: ['read'], userId: user.body.id },
      });
      const reader = created.body.token as string;
      expect((await api.call('GET', itemsPath('/W-1'), { token: reader })).status).toBe(200);
      const trail = await api.call('GET', itemsPath('/W-1/requests'), { token: reader });
      expect(trail.status).toBe(403);
    });
  });
});
