/**
 * Step 1 of the export delivery, run without a worker: a dispatch forms the changes after the
 * export's cursor into lane deliveries, moves the cursor on and wakes each lane that got some; it
 * looks once more when the export's settings changed too recently for every worker to list it.
 */
import { dispatchExport } from '../../../core/export/export-delivery';
import { done } from '../../../core/export/export-job-outcome';
import { laneOf } from '../../../core/export/dispatch/lanes';
import { change } from './support/export-fixture';
import { startDeliveryTestBed, type DeliveryTestBed } from './support/delivery-test-bed';

const RECEIVER = 'http://127.0.0.1:9/unused';
/** Past the time every worker's list of active exports holds an export created now. */
const LISTED_LATER_MS = 10_000;

describe('dispatchExport', () => {
  let bed: DeliveryTestBed;

  beforeAll(async () => {
    bed = await startDeliveryTestBed('dispatch-export');
  });
  afterAll(() => bed.close());

  const jobOf = (exp: { tenant: string; id: string }) => ({
    tenant: exp.tenant,
    exportId: exp.id,
  });

  it('when changes wait after the cursor, then they become lane deliveries and each lane is woken', async () => {
    const { exp } = await bed.createExport('acme', RECEIVER);
    await bed.write('acme', [change('A-1', 1), change('B-2', 1), change('A-1', 2)]);
    bed.clock.advance(LISTED_LATER_MS);

    const outcome = await dispatchExport(jobOf(exp), bed.context);

    expect(outcome).toEqual(done('done'));
    expect((await bed.reread(exp)).cursor).toBe(3);
    const deliveries = await bed.db.exportDeliveries.find({ exportId: exp.id }).toArray();
    const lanes = new Set(deliveries.map((delivery) => delivery.lane));
    expect(lanes).toEqual(new Set([laneOf('products', 'A-1'), laneOf('products', 'B-2')]));
    for (const lane of lanes) expect(await bed.queued({ ...jobOf(exp), lane })).toBe(true);
    const sent = deliveries.flatMap((delivery) => delivery.changes.map((c) => c.identifier));
    expect(sent.sort()).toEqual(['A-1', 'B-2']);
  });

  it('when the export was created just now, then it runs again once every list holds it', async () => {
    const { exp } = await bed.createExport('fresh', RECEIVER);
    bed.clock.now = exp.updatedAt;

    const outcome = await dispatchExport(jobOf(exp), bed.context);

    expect(outcome.kind).toBe('again');
    const at = outcome.kind === 'again' ? outcome.at.getTime() : 0;
    expect(at).toBeGreaterThan(exp.updatedAt.getTime());
    expect(at).toBeLessThan(exp.updatedAt.getTime() + LISTED_LATER_MS);
    bed.clock.now = new Date(at);
    expect(await dispatchExport(jobOf(exp), bed.context)).toEqual(done('done'));
  });

  it('when the export is paused, then nothing is formed and no lane is woken', async () => {
    const { exp } = await bed.createExport('paused', RECEIVER);
    await bed.db.exports.updateOne({ _id: exp._id }, { $set: { state: 'paused' } });
    await bed.write('paused', [change('P-1', 1)]);
    bed.clock.advance(LISTED_LATER_MS);

    expect(await dispatchExport(jobOf(exp), bed.context)).toEqual(done('done'));
    expect((await bed.reread(exp)).cursor).toBe(0);
    expect(await bed.db.exportDeliveries.countDocuments({ exportId: exp.id })).toBe(0);
  });
});
