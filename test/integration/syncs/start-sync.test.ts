/**
 * startSync and findSync, the API's side of opening a full sync and naming one, on real Redis and
 * MongoDB: a sync is found only through its own funnel in its own tenant.
 */
import { findSync } from '../../../core/syncs/find-sync';
import { startSync } from '../../../core/syncs/start-sync';
import { startSyncFixture, TENANT, type SyncFixture } from './sync-fixture';

describe('startSync', () => {
  let f: SyncFixture;

  beforeAll(async () => {
    f = await startSyncFixture('start-sync');
  });
  afterAll(() => f.close());

  it('when the funnel exists, then the sync is open from a receipt taken now, and takes its requests', async () => {
    const funnel = await f.funnel(['A-1']);
    const receivedAt = new Date();
    const started = await startSync(f.services, {
      tenant: TENANT,
      endpointUrl: funnel.endpointUrl,
      receivedAt,
    });
    expect(started).toMatchObject({
      state: 'started',
      funnel: { endpointUrl: funnel.endpointUrl },
      sync: { state: 'open', contentType: funnel.contentType, startedAt: receivedAt },
    });
    if (started.state !== 'started') return;
    expect(started.sync.expiresAt.getTime() - receivedAt.getTime()).toBe(24 * 60 * 60 * 1000);
    expect(await f.sync(started.sync.syncId)).toEqual(started.sync);
    expect(await f.tag(funnel, started.sync.syncId, ['A-1'])).toBe(200);
  });

  it('when no funnel has the endpoint URL, or it cannot be one, then 404 and no sync', async () => {
    for (const endpointUrl of ['no-such-funnel', 'Not A Funnel']) {
      expect(
        await startSync(f.services, { tenant: TENANT, endpointUrl, receivedAt: new Date() }),
      ).toEqual({
        state: 'refused',
        refusal: { status: 404, message: `No funnel with endpoint URL "${endpointUrl}"` },
      });
    }
  });

  describe('findSync', () => {
    it("when the sync is asked for through another funnel, another tenant, or by a name that is not a sync's, then 404", async () => {
      const funnel = await f.funnel(['B-1']);
      const other = await f.funnel(['B-2']);
      const sync = await f.start(funnel);
      const found = await findSync(f.services, TENANT, funnel.endpointUrl, sync.syncId);
      expect(found).toMatchObject({ state: 'found', sync: { syncId: sync.syncId } });

      const notFound = (syncId: string) => ({
        state: 'refused',
        refusal: { status: 404, message: `No sync "${syncId}" on this funnel` },
      });
      expect(await findSync(f.services, TENANT, other.endpointUrl, sync.syncId)).toEqual(
        notFound(sync.syncId),
      );
      expect(await findSync(f.services, TENANT, funnel.endpointUrl, 'not-a-sync')).toEqual(
        notFound('not-a-sync'),
      );
      expect(await findSync(f.services, 'globex', funnel.endpointUrl, sync.syncId)).toMatchObject({
        state: 'refused',
        refusal: { status: 404 },
      });
    });
  });
});
