/**
 * An export whose attempts only fail for EXPORT_DISABLE_AFTER_MS (5 days by default, a second
 * here) is disabled; nothing is dropped, and re-enabled it sends what waited.
 */
import { startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import {
  change,
  createContentType,
  createExport,
  startExportFixture,
  until,
  type ExportFixture,
} from './support/export-fixture';

describe('an export that only fails', () => {
  let fx: ExportFixture;
  let owner: string;
  let receiver: LoopbackReceiver;
  let failing = true;

  beforeAll(async () => {
    fx = await startExportFixture('export-disable', { EXPORT_DISABLE_AFTER_MS: '1000' });
    ({ token: owner } = await fx.api.bootstrap('acme'));
    await createContentType(fx.api, owner);
    receiver = await startReceiver((_request, response) => {
      response.writeHead(failing ? 500 : 200).end();
    });
  });
  afterAll(async () => {
    await receiver.close();
    await fx.close();
  });

  it('when every attempt failed for too long, then it is disabled, and re-enabled it catches up', async () => {
    const exp = await createExport(fx.api, owner, { url: receiver.origin });
    await fx.write('acme', [change('K-1', 1)]);
    const read = () =>
      fx.api.call<{ state: string; disabledReason: string | null; pendingDeliveries: number }>(
        'GET',
        `/api/v1/settings/exports/${exp.id}`,
        { token: owner },
      );
    await until(async () => (await read()).body.state === 'disabled', 'the export disabled');
    expect((await read()).body.disabledReason).toMatch(/failed since/);
    const attemptsWhenDisabled = receiver.received.length;
    expect(attemptsWhenDisabled).toBeGreaterThanOrEqual(2);
    await fx.write('acme', [change('K-1', 2)]);
    failing = false;
    await fx.api.call('PATCH', `/api/v1/settings/exports/${exp.id}`, {
      token: owner,
      body: { active: true },
    });
    const versions = () =>
      receiver.received
        .slice(attemptsWhenDisabled)
        .flatMap((r) => (JSON.parse(r.body) as { changes: { version: number }[] }).changes)
        .map((c) => c.version);
    await until(() => versions().length >= 2, 'what waited, sent');
    expect(versions()).toEqual([1, 2]);
    await until(async () => (await read()).body.pendingDeliveries === 0, 'nothing pending');
  });
});
