/**
 * A write right after an export is created: the workers' list of the tenant's active exports may
 * not hold the export yet, so the write wakes no dispatch. The export's own dispatch looks once
 * more when the lists have it, and the change arrives in seconds rather than at the next sweep
 * (set here to ten minutes).
 */
import type { ChangeView } from '../../../core/changes/change-record';
import { dispatchJobId } from '../../../core/export/export-jobs';
import { answerWith, startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import {
  change,
  createContentType,
  createExport,
  startExportFixture,
  type ExportFixture,
  until,
} from './support/export-fixture';

describe('a write right after an export is created', () => {
  let fx: ExportFixture;
  let token: string;
  let receiver: LoopbackReceiver;

  beforeAll(async () => {
    fx = await startExportFixture('new-export-writes', { EXPORT_SWEEP_MS: '600000' });
    ({ token } = await fx.api.bootstrap('acme'));
    await createContentType(fx.api, token);
    receiver = await startReceiver(answerWith(204));
  });
  afterAll(async () => {
    await receiver.close();
    await fx.close();
  });

  const arrived = () =>
    receiver.received.flatMap(
      (request) => (JSON.parse(request.body) as { changes: ChangeView[] }).changes,
    );

  it('when the workers’ list of active exports does not hold the new export yet, then the write still arrives in seconds', async () => {
    // A write before the export: the worker's list for the tenant is now "none", for 2 s.
    await fx.write('acme', [change('before', 1)]);
    const exp = await createExport(fx.api, token, { url: `${receiver.origin}/in` });
    // The dispatch its creation woke has looked and found nothing to send.
    const job = () =>
      fx.api.context.exports.queue
        .of('acme')
        .getJob(dispatchJobId({ tenant: 'acme', exportId: exp.id }));
    await until(async () => {
      const state = await (await job())?.getState();
      return state !== 'waiting' && state !== 'active' && state !== 'prioritized';
    }, 'the creation’s dispatch to run');
    await fx.write('acme', [change('after', 1)]);
    await until(
      () => arrived().some((c) => c.identifier === 'after'),
      'the change written right after the creation to arrive',
      15_000,
    );
    expect(arrived().map((c) => c.identifier)).toEqual(['after']);
  });
});
