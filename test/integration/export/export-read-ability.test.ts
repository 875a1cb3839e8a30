/**
 * An export sends items to a URL its creator chooses, so whatever makes it send items somewhere
 * needs the `read` ability beside the action's own (docs/access.md#exports): a token without
 * `read` cannot create an export, point one elsewhere, change what it sends, or have it resync,
 * replay or retry, and so
 * cannot read every item through its own receiver.
 */
import { tokenWith } from '../../browser/support/tokens';
import { answerWith, startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import {
  change,
  createContentType,
  createExport,
  startExportFixture,
  until,
  type ExportFixture,
} from './support/export-fixture';

describe('exports need read to send items', () => {
  let fx: ExportFixture;
  let owner: string;
  let blind: string;
  let reader: string;
  let receiver: LoopbackReceiver;
  let exportId: string;
  const base = '/api/v1/settings/exports';

  beforeAll(async () => {
    fx = await startExportFixture('export-read');
    ({ token: owner } = await fx.api.bootstrap('acme'));
    await createContentType(fx.api, owner);
    await createContentType(fx.api, owner, 'pages');
    const settings = { permissions: ['manage_settings'] };
    ({ token: blind } = await tokenWith(fx.api, owner, 'blind', {
      ...settings,
      abilities: ['create', 'update'],
    }));
    ({ token: reader } = await tokenWith(fx.api, owner, 'reader', {
      ...settings,
      abilities: ['read', 'create', 'update'],
    }));
    receiver = await startReceiver(answerWith(500));
    ({ id: exportId } = await createExport(fx.api, owner, { url: `${receiver.origin}/hook` }));
    await fx.write('acme', [change('A-1', 1)]);
    await until(() => receiver.received.length > 0, 'a first (failing) delivery');
  });
  afterAll(async () => {
    await receiver.close();
    await fx.close();
  });

  const call = (token: string, method: string, path: string, body?: unknown) =>
    fx.api.call<{ message: string }>(method, `${base}${path}`, {
      token,
      ...(body === undefined ? {} : { body }),
    });

  const refusedForRead = (answer: { status: number; body: { message: string } }) => {
    expect(answer.status).toBe(403);
    expect(answer.body.message).toContain('does not hold the "read" ability');
  };

  it('when a token without read creates an export, then 403 and no export is made', async () => {
    const before = (await call(owner, 'GET', '')).body as unknown as { items: unknown[] };
    refusedForRead(
      await call(blind, 'POST', '', {
        name: 'mine',
        url: `${receiver.origin}/mine`,
        contentTypes: ['products'],
      }),
    );
    const after = (await call(owner, 'GET', '')).body as unknown as { items: unknown[] };
    expect(after.items).toHaveLength(before.items.length);
  });

  it("when a token without read changes an export's url or content types, then 403 and it is unchanged", async () => {
    refusedForRead(await call(blind, 'PATCH', `/${exportId}`, { url: `${receiver.origin}/mine` }));
    refusedForRead(await call(blind, 'PATCH', `/${exportId}`, { contentTypes: ['pages'] }));
    const stored = await call(owner, 'GET', `/${exportId}`);
    expect(stored.body).toMatchObject({
      url: `${receiver.origin}/hook`,
      contentTypes: ['products'],
    });
  });

  it('when a token without read widens the events an export sends, then 403 and it is unchanged', async () => {
    const { id } = await createExport(fx.api, owner, {
      url: `${receiver.origin}/deletions`,
      events: ['deleted'],
    });
    refusedForRead(
      await call(blind, 'PATCH', `/${id}`, { events: ['created', 'updated', 'deleted'] }),
    );
    expect((await call(owner, 'GET', `/${id}`)).body).toMatchObject({ events: ['deleted'] });
    const widened = await call(reader, 'PATCH', `/${id}`, { events: ['created', 'deleted'] });
    expect(widened.status).toBe(200);
  });

  it('when a token without read renames an export, then it may: nothing is sent anywhere new', async () => {
    const renamed = await call(blind, 'PATCH', `/${exportId}`, { name: 'renamed' });
    expect(renamed.status).toBe(200);
  });

  it('when a token without read asks for a resync, a replay or a retry, then 403 each', async () => {
    refusedForRead(await call(blind, 'POST', `/${exportId}/resync`));
    refusedForRead(await call(blind, 'POST', `/${exportId}/replay`, { fromSeq: 1 }));
    const deliveries = await fx.api.call<{ items: { id: string }[] }>(
      'GET',
      `${base}/${exportId}/deliveries`,
      { token: owner },
    );
    const [waiting] = deliveries.body.items;
    refusedForRead(await call(blind, 'POST', `/${exportId}/deliveries/${waiting!.id}/retry`));
  });

  it('when a token with read does the same, then each is taken', async () => {
    const patched = await call(reader, 'PATCH', `/${exportId}`, {
      contentTypes: ['products', 'pages'],
    });
    expect(patched.status).toBe(200);
    expect((await call(reader, 'POST', `/${exportId}/replay`, { fromSeq: 1 })).status).toBe(202);
    expect((await call(reader, 'POST', `/${exportId}/resync`)).status).toBe(202);
  });
});
