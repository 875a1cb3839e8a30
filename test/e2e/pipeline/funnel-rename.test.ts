/**
 * A funnel's history, full syncs and items belong to the funnel, not to its endpoint URL: after a
 * rename they are all found under the new URL, each record naming the URL it was sent to.
 */
import type { HistoryView } from '../../../core/history/history-record';
import type { SyncView } from '../../../core/syncs/sync';
import { identifiers, startPipeline, type Pipeline } from './pipeline-fixture';

interface HistoryPage {
  items: Omit<HistoryView, 'payload'>[];
  nextCursor: string | null;
}

describe('a funnel whose endpoint URL changes', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('funnel-rename');
  });
  afterAll(() => p.close());

  async function rename(from: string, to: string): Promise<void> {
    const response = await p.api.call('PATCH', `/api/v1/settings/funnels/${from}`, {
      token: p.token,
      body: { endpointUrl: to },
    });
    expect(response.status).toBe(200);
  }

  const list = (url: string) =>
    p.api.call<HistoryPage>('GET', `/api/v1/funnels/${url}/history`, { token: p.token });

  it('when the URL changes, then the whole history is listed under the new one, each record with the URL it was sent to', async () => {
    const { url } = await p.scenario();
    const before = await p.post(url, [{ sku: 'A-1', title: 'One' }]);
    expect(before.status).toBe(200);
    const renamed = p.fresh('renamed');
    await rename(url, renamed);
    expect((await p.post(renamed, [{ sku: 'A-2', title: 'Two' }])).status).toBe(200);

    const page = await list(renamed);
    expect(page.status).toBe(200);
    expect(page.body.items.map((record) => [record.endpointUrl, record.successIds])).toEqual([
      [renamed, ['A-2']],
      [url, ['A-1']],
    ]);
    const old = await p.history(renamed, before.headers.get('x-request-id') ?? '');
    expect(old).toMatchObject({ endpointUrl: url, successIds: ['A-1'] });
    expect((await list(url)).status).toBe(404);
  });

  it('when another funnel is made at the old URL, then it starts a history of its own', async () => {
    const first = await p.scenario();
    expect((await p.post(first.url, [{ sku: 'B-1', title: 'One' }])).status).toBe(200);
    const renamed = p.fresh('renamed');
    await rename(first.url, renamed);
    await p.createFunnel({
      contentType: first.contentType,
      name: 'Second',
      endpointUrl: first.url,
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
      ],
    });

    expect((await list(first.url)).body.items).toEqual([]);
    expect((await list(renamed)).body.items).toHaveLength(1);
  });

  it('when a recorded request is replayed under the new URL, then it is sent again, recorded under the new URL', async () => {
    const { url, contentType } = await p.scenario();
    const sent = await p.post(url, [{ sku: 'C-1', title: 'One' }]);
    const renamed = p.fresh('renamed');
    await rename(url, renamed);
    await p.remove(renamed, { identifiers: ['C-1'] });
    expect(await p.item(contentType, 'C-1')).toBeNull();

    const replayed = await p.api.call(
      'POST',
      `/api/v1/funnels/${renamed}/history/${sent.headers.get('x-request-id') ?? ''}/replay`,
      { token: p.token },
    );
    expect(replayed.status).toBe(200);
    expect(await p.item(contentType, 'C-1')).not.toBeNull();
    const latest = (await list(renamed)).body.items[0];
    expect(latest).toMatchObject({ endpointUrl: renamed });
  });

  it('when a full sync started before the rename is committed after it, then it deletes what the funnel wrote under either URL', async () => {
    const { url, contentType } = await p.scenario();
    expect(
      (
        await p.post(
          url,
          [1, 2, 3].map((n) => ({ sku: `D-${n}`, title: 'x' })),
        )
      ).status,
    ).toBe(200);
    const started = await p.api.call<SyncView>('POST', `/api/v1/funnels/${url}/syncs`, {
      token: p.token,
    });
    expect(started.status).toBe(201);
    const { syncId } = started.body;
    const renamed = p.fresh('renamed');
    await rename(url, renamed);

    const tagged = await p.post(renamed, [{ sku: 'D-1', title: 'kept' }], { sync: syncId });
    expect(tagged.status).toBe(200);
    const shown = await p.api.call<SyncView>('GET', `/api/v1/funnels/${renamed}/syncs/${syncId}`, {
      token: p.token,
    });
    expect(shown.body).toMatchObject({ endpointUrl: renamed, state: 'open' });
    const commit = await p.api.call('POST', `/api/v1/funnels/${renamed}/syncs/${syncId}/commit`, {
      token: p.token,
      body: { maxDeletes: 2 },
    });
    expect(commit.status).toBe(200);
    expect(identifiers(await p.items(contentType))).toEqual(['D-1']);
    const atOldUrl = await p.api.call('GET', `/api/v1/funnels/${url}/syncs/${syncId}`, {
      token: p.token,
    });
    expect(atOldUrl.status).toBe(404);
  });
});
