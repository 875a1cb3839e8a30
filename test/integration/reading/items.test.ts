import { randomBytes } from 'node:crypto';
import { documentId } from '../../../core/domain/names';
import type { ItemDocument, ItemView } from '../../../core/items/item';
import { encodeCursor } from '../../../core/mongo/page-cursor';
import { startTestApi, type TestApi } from '../../support/api-harness';

interface ItemPage {
  items: ItemView[];
  nextCursor: string | null;
}

function item(tenant: string, contentType: string, identifier: string): ItemDocument {
  const at = new Date('2024-05-01T10:00:00.000Z');
  return {
    _id: documentId(tenant, contentType, identifier),
    tenant,
    contentType,
    identifier,
    identifierLower: identifier.toLowerCase(),
    name: `Name of ${identifier}`,
    image: null,
    parent: null,
    properties: { color: 'red' },
    createdAt: at,
    updatedAt: at,
    receivedAt: at,
    sequence: 1,
    version: 1,
    funnelId: 'erp',
  };
}

const randomId = () => randomBytes(4).toString('hex');

describe('reading items', () => {
  let api: TestApi;
  let owner: string;

  const itemsPath = (key: string, query = '') => `/api/v1/content-types/${key}/items${query}`;

  async function createContentType(tenant: string, key: string): Promise<void> {
    await api.context.contentTypes.create(tenant, key, {
      name: key,
      kind: 'product',
      properties: [],
    });
  }

  /** Every page of a list, following nextCursor; the items in the order they came. */
  async function pageThrough(key: string, limit: number, token = owner): Promise<ItemView[]> {
    const seen: ItemView[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await api.call<ItemPage>('GET', itemsPath(key, query), { token });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    return seen;
  }

  beforeAll(async () => {
    api = await startTestApi('reading-items');
    ({ token: owner } = await api.bootstrap('acme'));
    await api.bootstrap('globex');
    // Keys that sort right next to "products" around the ":" separator.
    for (const key of ['products', 'products-x', 'products_y', 'empty']) {
      await createContentType('acme', key);
    }
    await createContentType('globex', 'products');
    await createContentType('globex', 'gadgets');
    await api.context.db.items.insertMany([
      ...['A-3', 'A-1', 'B-2', 'A-2', 'a/1 x:y'].map((id) => item('acme', 'products', id)),
      item('acme', 'products-x', 'X-1'),
      item('acme', 'products_y', 'Y-1'),
      item('globex', 'products', 'G-1'),
      item('globex', 'gadgets', 'G-2'),
    ]);
  });
  afterAll(() => api.close());

  it('when items are listed, then they come in identifier order, only those of the content type', async () => {
    const response = await api.call<ItemPage>('GET', itemsPath('products'), { token: owner });
    expect(response.status).toBe(200);
    expect(response.body.nextCursor).toBeNull();
    expect(response.body.items.map((view) => view.identifier)).toEqual([
      'A-1',
      'A-2',
      'A-3',
      'B-2',
      'a/1 x:y',
    ]);
  });

  it('when a content type has no items, then the list is empty', async () => {
    const response = await api.call('GET', itemsPath('empty'), { token: owner });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [], nextCursor: null });
  });

  it('when an item is read, then it has the documented shape, with its version and last write', async () => {
    const response = await api.call('GET', `${itemsPath('products')}/A-1`, { token: owner });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      identifier: 'A-1',
      name: 'Name of A-1',
      image: null,
      parent: null,
      properties: { color: 'red' },
      createdAt: '2024-05-01T10:00:00.000Z',
      updatedAt: '2024-05-01T10:00:00.000Z',
      version: 1,
      // No funnel "erp" and no history record here: the ids stay, the names are unknown.
      lastWrite: {
        funnelId: 'erp',
        endpointUrl: null,
        funnelName: null,
        receivedAt: '2024-05-01T10:00:00.000Z',
        recordId: null,
        requestId: null,
      },
    });
  });

  it('when an identifier holds "/" and ":", then it is read URL-encoded', async () => {
    const path = `${itemsPath('products')}/${encodeURIComponent('a/1 x:y')}`;
    const response = await api.call('GET', path, { token: owner });
    expect(response.status).toBe(200);
    expect(response.body.identifier).toBe('a/1 x:y');
  });

  it('when the item does not exist, then 404', async () => {
    const response = await api.call('GET', `${itemsPath('products')}/NOPE`, { token: owner });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: 'error', message: 'No such item' });
  });

  it('when the content type is another tenant’s or unknown, then 404 for the list and the item', async () => {
    for (const path of [
      itemsPath('gadgets'),
      `${itemsPath('gadgets')}/G-2`,
      itemsPath('nothing'),
      `${itemsPath('nothing')}/A-1`,
      itemsPath('bad:key'),
    ]) {
      const response = await api.call('GET', path, { token: owner });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  it('when two tenants have a content type of the same key, then each sees only its own items', async () => {
    const response = await api.call<ItemPage>('GET', itemsPath('products'), { token: owner });
    expect(response.body.items.map((view) => view.identifier)).not.toContain('G-1');
    const other = await api.call('GET', `${itemsPath('products')}/G-1`, { token: owner });
    expect(other.status).toBe(404);
  });

  it('when the limit is small, then pages follow nextCursor to the end and end with null', async () => {
    const first = await api.call<ItemPage>('GET', itemsPath('products', '?limit=2'), {
      token: owner,
    });
    expect(first.body.items.map((view) => view.identifier)).toEqual(['A-1', 'A-2']);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const all = await pageThrough('products', 2);
    expect(all.map((view) => view.identifier)).toEqual(['A-1', 'A-2', 'A-3', 'B-2', 'a/1 x:y']);
    // A limit that divides the count exactly ends without an empty trailing page.
    const exact = await api.call<ItemPage>('GET', itemsPath('products', '?limit=5'), {
      token: owner,
    });
    expect(exact.body).toMatchObject({ nextCursor: null });
    expect(exact.body.items).toHaveLength(5);
  });

  it.each(['0', '101', 'abc', '2.5', '-1'])(
    'when limit is %p, then 422 names limit',
    async (limit) => {
      const response = await api.call('GET', itemsPath('products', `?limit=${limit}`), {
        token: owner,
      });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors as object)).toEqual(['limit']);
    },
  );

  it('when the cursor is not one of this list, then 422 names cursor', async () => {
    const foreign = encodeCursor({ id: documentId('globex', 'products', 'G-1') });
    for (const cursor of ['garbage', encodeCursor({ at: 1 }), foreign]) {
      const response = await api.call('GET', itemsPath('products', `?cursor=${cursor}`), {
        token: owner,
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ cursor: 'The cursor is not valid' });
    }
  });

  it('when the token lacks read, then 403; a user without permissions may still read', async () => {
    const user = await api.call('POST', '/api/v1/settings/users', {
      token: owner,
      body: { email: 'reader@acme.test', permissions: [] },
    });
    const tokenFor = async (abilities: string[]) => {
      const created = await api.call('POST', '/api/v1/settings/tokens', {
        token: owner,
        body: { name: abilities.join('+'), abilities, userId: user.body.id },
      });
      return created.body.token as string;
    };
    const reader = await tokenFor(['read']);
    expect((await api.call('GET', itemsPath('products'), { token: reader })).status).toBe(200);
    const writer = await tokenFor(['create']);
    expect((await api.call('GET', itemsPath('products'), { token: writer })).status).toBe(403);
    expect((await api.call('GET', itemsPath('products'))).status).toBe(401);
  });

  it('cursor pagination returns every record once, in order, under concurrent inserts', async () => {
    await createContentType('acme', 'busy');
    const existing = Array.from({ length: 60 }, () => `${randomId()}-old`);
    await api.context.db.items.insertMany(existing.map((id) => item('acme', 'busy', id)));

    let writing = true;
    let inserted = 0;
    const writer = (async () => {
      while (writing) {
        // Random identifiers land both before and after the reader's position.
        await api.context.db.items.insertOne(item('acme', 'busy', `${randomId()}-new`));
        inserted += 1;
      }
    })();
    let seen: string[];
    try {
      seen = (await pageThrough('busy', 7)).map((view) => view.identifier);
    } finally {
      writing = false;
      await writer;
    }

    expect(inserted).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i += 1) expect(seen[i - 1]! < seen[i]!).toBe(true);
    const counts = new Map<string, number>();
    for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const id of existing) expect({ id, count: counts.get(id) }).toEqual({ id, count: 1 });
  });
});
