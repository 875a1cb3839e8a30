import { randomBytes } from 'node:crypto';
import { documentId } from '../../../core/domain/names';
import type {
  HistoryDocument,
  HistoryStatus,
  HistoryView,
} from '../../../core/history/history-record';
import { encodeCursor } from '../../../core/mongo/page-cursor';
import { HistoryRepository } from '../../../core/history/history.repository';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { ttlSafeExpiry } from '../../support/ttl-safe-expiry';

type Entry = Omit<HistoryView, 'payload'>;
interface HistoryPage {
  items: Entry[];
  nextCursor: string | null;
}

const T0 = Date.parse('2024-05-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const randomId = () => randomBytes(6).toString('hex');

interface RecordSpec {
  tenant?: string;
  funnel?: string;
  requestId?: string;
  receivedAt?: Date;
  status?: HistoryStatus;
}

/** The stable id of each funnel the test makes, by tenant:endpointUrl. */
const funnelIds = new Map<string, string>();

function record(spec: RecordSpec = {}): HistoryDocument {
  const tenant = spec.tenant ?? 'acme';
  const endpointUrl = spec.funnel ?? 'erp';
  const requestId = spec.requestId ?? randomId();
  const receivedAt = spec.receivedAt ?? at(0);
  return {
    _id: documentId(tenant, requestId),
    recordId: requestId,
    tenant,
    funnelId: funnelIds.get(`${tenant}:${endpointUrl}`) ?? endpointUrl,
    endpointUrl,
    requestId,
    method: 'POST',
    receivedAt,
    sequence: receivedAt.getTime() * 1000,
    bodyFormat: 'json',
    finishedAt: new Date(receivedAt.getTime() + 12),
    durationMs: 12,
    status: spec.status ?? 'success',
    httpStatus: 200,
    itemCount: 1,
    message: '1 items were imported',
    errors: [],
    successIds: ['A-1'],
    deletedIds: [],
    notFoundIds: [],
    resolved: [],
    identifiers: ['A-1'],
    identifierCount: 1,
    parts: 0,
    payload: '[{"sku":"A-1"}]',
    payloadTruncated: false,
    storedPayload: null,
    tokenId: 'token-1',
    dryRun: false,
    expiresAt: ttlSafeExpiry(),
  };
}

/** Strictly newer first: by receivedAt, then by request id on a tie (the `_id` order). */
function isBefore(a: Entry, b: Entry): boolean {
  const [ta, tb] = [Date.parse(a.receivedAt), Date.parse(b.receivedAt)];
  return ta > tb || (ta === tb && a.requestId > b.requestId);
}

describe('reading the request history', () => {
  let api: TestApi;
  let history: HistoryRepository;
  let owner: string;

  const historyPath = (funnel: string, query = '') => `/api/v1/funnels/${funnel}/history${query}`;

  async function createFunnel(tenant: string, endpointUrl: string): Promise<void> {
    const funnel = await api.context.funnels.create(tenant, {
      contentType: 'products',
      name: endpointUrl,
      endpointUrl,
      description: '',
      active: true,
      partialValidation: false,
      mappings: [],
    });
    funnelIds.set(`${tenant}:${endpointUrl}`, funnel.id);
  }

  /** Every page of a list, following nextCursor with the same filters. */
  async function pageThrough(funnel: string, query: string, limit: number): Promise<Entry[]> {
    const seen: Entry[] = [];
    let cursor: string | null = null;
    do {
      const params: string = `?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await api.call<HistoryPage>('GET', historyPath(funnel, params), {
        token: owner,
      });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    return seen;
  }

  const ids = (entries: Entry[]) => entries.map((entry) => entry.requestId);

  beforeAll(async () => {
    api = await startTestApi('reading-history');
    history = new HistoryRepository(api.context.db);
    ({ token: owner } = await api.bootstrap('acme'));
    await api.bootstrap('globex');
    await createFunnel('acme', 'erp');
    await createFunnel('acme', 'shop');
    await createFunnel('acme', 'quiet');
    await createFunnel('globex', 'pim');
    for (const spec of [
      { requestId: 'r1', receivedAt: at(1), status: 'success' },
      { requestId: 'r2', receivedAt: at(2), status: 'error' },
      { requestId: 'r3', receivedAt: at(3), status: 'partial' },
      { requestId: 'r4', receivedAt: at(4), status: 'error' },
      { requestId: 'r5', receivedAt: at(5), status: 'queued' },
      { requestId: 'r6', receivedAt: at(24 * 60), status: 'error' },
      { requestId: 's1', receivedAt: at(3), funnel: 'shop' },
      { requestId: 'g1', receivedAt: at(3), tenant: 'globex', funnel: 'pim' },
    ] as const) {
      await history.save(record(spec));
    }
  });
  afterAll(() => api.close());

  it('when the history is listed, then newest first, only the funnel’s, without payload', async () => {
    const response = await api.call<HistoryPage>('GET', historyPath('erp'), { token: owner });
    expect(response.status).toBe(200);
    expect(response.body.nextCursor).toBeNull();
    expect(ids(response.body.items)).toEqual(['r6', 'r5', 'r4', 'r3', 'r2', 'r1']);
    expect(response.body.items[0]).not.toHaveProperty('payload');
    expect(response.body.items[0]).toMatchObject({ status: 'error', successIds: ['A-1'] });
  });

  it('when a funnel has no history, then the list is empty', async () => {
    const response = await api.call('GET', historyPath('quiet'), { token: owner });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [], nextCursor: null, rateLimited: { lastDay: 0 } });
  });

  it('when a record is read, then it has the documented shape', async () => {
    const response = await api.call('GET', historyPath('erp', '/r3'), { token: owner });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      recordId: 'r3',
      requestId: 'r3',
      endpointUrl: 'erp',
      method: 'POST',
      receivedAt: at(3).toISOString(),
      sequence: at(3).getTime() * 1000,
      finishedAt: new Date(at(3).getTime() + 12).toISOString(),
      durationMs: 12,
      status: 'partial',
      httpStatus: 200,
      itemCount: 1,
      message: '1 items were imported',
      errors: {},
      successIds: ['A-1'],
      deletedIds: [],
      notFoundIds: [],
      resolved: [],
      identifierCount: 1,
      identifiers: ['A-1'],
      listsComplete: true,
      payload: [{ sku: 'A-1' }],
      payloadTruncated: false,
      storedPayload: null,
      tokenId: 'token-1',
      // No token of that id in the tenant: its name is unknown.
      tokenName: null,
      dryRun: false,
    });
  });

  it('when a request is recorded again (a retried job), then the later record replaces it', async () => {
    await history.save(record({ requestId: 'again', receivedAt: at(7), status: 'queued' }));
    await history.save(record({ requestId: 'again', receivedAt: at(7), status: 'error' }));
    const response = await api.call('GET', historyPath('erp', '/again'), { token: owner });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ requestId: 'again', status: 'error' });
    await api.context.db.history.deleteOne({ _id: documentId('acme', 'again') });
  });

  it('when the request is missing or was sent to another funnel, then 404', async () => {
    for (const path of [historyPath('erp', '/nope'), historyPath('erp', '/s1')]) {
      const response = await api.call('GET', path, { token: owner });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  it('when the funnel is another tenant’s or unknown, then 404 for the list and the record', async () => {
    for (const path of [
      historyPath('pim'),
      historyPath('pim', '/g1'),
      historyPath('nothing'),
      historyPath('nothing', '/r1'),
      historyPath('Bad_URL'),
    ]) {
      const response = await api.call('GET', path, { token: owner });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  it('when filtered by status, then only those, paged with the same filter', async () => {
    const errors = await pageThrough('erp', '&status=error', 1);
    expect(ids(errors)).toEqual(['r6', 'r4', 'r2']);
    const queued = await api.call<HistoryPage>('GET', historyPath('erp', '?status=queued'), {
      token: owner,
    });
    expect(ids(queued.body.items)).toEqual(['r5']);
  });

  it('when filtered by from and to, then from is inclusive and to exclusive', async () => {
    const window = `&from=${at(2).toISOString()}&to=${at(4).toISOString()}`;
    expect(ids(await pageThrough('erp', window, 1))).toEqual(['r3', 'r2']);
    const both = `${window}&status=partial`;
    expect(ids(await pageThrough('erp', both, 5))).toEqual(['r3']);
    // A bare date is midnight UTC; an offset is honoured.
    expect(ids(await pageThrough('erp', '&from=2024-05-02', 5))).toEqual(['r6']);
    const offset = `&to=${encodeURIComponent('2024-05-01T12:03:00+02:00')}`;
    expect(ids(await pageThrough('erp', offset, 5))).toEqual(['r2', 'r1']);
  });

  it.each([
    ['status', '?status=done'],
    ['from', '?from=yesterday'],
    ['to', '?to=2024-05-01T10:00:00'],
    ['to', `?from=${at(4).toISOString()}&to=${at(4).toISOString()}`],
    ['limit', '?limit=0'],
    ['limit', '?limit=101'],
    ['limit', '?limit=ten'],
    ['cursor', '?cursor=garbage'],
    ['cursor', `?cursor=${encodeCursor({ at: T0, id: documentId('globex', 'g1') })}`],
    ['cursor', `?cursor=${encodeCursor({ id: documentId('acme', 'r1') })}`],
  ])('when %s is bad (%s), then 422 names it', async (field, query) => {
    const response = await api.call('GET', historyPath('erp', query), { token: owner });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors as object)).toEqual([field]);
  });

  it('when the user lacks manage_funnels, then 403', async () => {
    const user = await api.call('POST', '/api/v1/settings/users', {
      token: owner,
      body: { email: 'reader@acme.test', permissions: ['manage_settings'] },
    });
    const created = await api.call('POST', '/api/v1/settings/tokens', {
      token: owner,
      body: { name: 'reader', abilities: ['read'], userId: user.body.id },
    });
    const token = created.body.token as string;
    expect((await api.call('GET', historyPath('erp'), { token })).status).toBe(403);
    expect((await api.call('GET', historyPath('erp', '/r1'), { token })).status).toBe(403);
    expect((await api.call('GET', historyPath('erp'))).status).toBe(401);
  });

  it('cursor pagination returns every record once, in order, under concurrent inserts', async () => {
    await createFunnel('acme', 'busy');
    // Few distinct times, so that many records tie on receivedAt and the _id tie-break matters.
    const times = [at(10), at(20), at(30), at(40)];
    const pick = () => times[Math.floor(Math.random() * times.length)]!;
    const existing = Array.from({ length: 60 }, () =>
      record({ funnel: 'busy', requestId: `${randomId()}-old`, receivedAt: pick() }),
    );
    await api.context.db.history.insertMany(existing);

    let writing = true;
    let inserted = 0;
    const writer = (async () => {
      while (writing) {
        // Ties and random ids land both before and after the reader's position.
        await history.save(
          record({ funnel: 'busy', requestId: `${randomId()}-new`, receivedAt: pick() }),
        );
        inserted += 1;
      }
    })();
    let seen: Entry[];
    try {
      seen = await pageThrough('busy', '', 7);
    } finally {
      writing = false;
      await writer;
    }

    expect(inserted).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i += 1) expect(isBefore(seen[i - 1]!, seen[i]!)).toBe(true);
    const counts = new Map<string, number>();
    for (const id of ids(seen)) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const { requestId } of existing) {
      expect({ requestId, count: counts.get(requestId) }).toEqual({ requestId, count: 1 });
    }
  });
});
