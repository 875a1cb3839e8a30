/**
 * A resync's request answers without counting the items it will send: the count scans every item
 * of the export's content types, so the worker makes it as the resync begins, and `itemsTotal`
 * is null until then (docs/export.md#replay-and-resync).
 */
import type { ItemDocument } from '../../../core/items/item';
import { startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import { uniqueMongoUrl } from '../../support/test-env';
import {
  createContentType,
  createExport,
  startExportFixture,
  until,
  type ExportFixture,
} from './support/export-fixture';

const ITEMS = 30;

interface ResyncView {
  state: string;
  itemsFormed: number;
  itemsTotal: number | null;
}

function item(contentType: string, identifier: string): ItemDocument {
  const now = new Date();
  return {
    _id: `acme:${contentType}:${identifier}`,
    tenant: 'acme',
    contentType,
    identifier,
    identifierLower: identifier.toLowerCase(),
    properties: {},
    createdAt: now,
    updatedAt: now,
    receivedAt: now,
    sequence: 1,
    version: 1,
    funnelId: 'erp',
  };
}

describe('a resync and the count of its items', () => {
  let fx: ExportFixture;
  let owner: string;
  let target: LoopbackReceiver;
  /** The commands the API's own connection sent, by name and collection. */
  const sent: { name: string; collection: string }[] = [];

  beforeAll(async () => {
    const url = new URL(uniqueMongoUrl('resync-count'));
    url.searchParams.set('monitorCommands', 'true');
    fx = await startExportFixture('resync-count', { MONGO_URL: url.toString() });
    ({ token: owner } = await fx.api.bootstrap('acme'));
    await createContentType(fx.api, owner);
    await createContentType(fx.api, owner, 'other');
    // Items of the export's content type, and of another one the count must leave out.
    await fx.api.context.db.items.insertMany([
      ...Array.from({ length: ITEMS }, (_, i) => item('products', `P-${i}`)),
      item('other', 'O-1'),
    ]);
    target = await startReceiver((_request, response) => response.writeHead(200).end());
    fx.api.context.mongo.getClient().on('commandStarted', (event) => {
      const name = event.commandName;
      sent.push({ name, collection: String(event.command[name]) });
    });
  });
  afterAll(async () => {
    await target.close();
    await fx.close();
  });

  it('when a resync is asked, then the API answers 202 without a command on the items, and the worker counts them', async () => {
    const exp = await createExport(fx.api, owner, { url: target.origin });
    sent.length = 0;
    const started = await fx.api.call<{ resync: ResyncView }>(
      'POST',
      `/api/v1/settings/exports/${exp.id}/resync`,
      { token: owner },
    );
    expect(started.status).toBe(202);
    expect(sent.filter((command) => command.collection === 'items')).toEqual([]);
    expect(started.body.resync).toMatchObject({
      state: 'running',
      itemsFormed: 0,
      itemsTotal: null,
    });

    let resync: ResyncView | undefined;
    await until(async () => {
      const read = await fx.api.call<{ resync: ResyncView }>(
        'GET',
        `/api/v1/settings/exports/${exp.id}`,
        { token: owner },
      );
      resync = read.body.resync;
      return resync.state === 'done';
    }, 'the resync done');
    expect(resync).toMatchObject({ itemsFormed: ITEMS, itemsTotal: ITEMS });
  });
});
