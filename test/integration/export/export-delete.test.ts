/**
 * An export is deleted with its deliveries (docs/storage.md#what-runs-in-a-transaction): a
 * process that dies between the two leaves both, and a dispatch writing deliveries meanwhile
 * leaves none behind.
 */
import { dispatchExport } from '../../../core/export/export-delivery';
import { ExportsRepository } from '../../../core/export/exports.repository';
import type { Collections } from '../../../core/storage/collections';
import { DIED, dyingAtSecondWrite } from '../../support/write-interleavings';
import { change } from './support/export-fixture';
import { startDeliveryTestBed, type DeliveryTestBed } from './support/delivery-test-bed';

const RECEIVER = 'http://127.0.0.1:9/unused';
/** Past the time every worker's list of active exports holds an export created now. */
const LISTED_LATER_MS = 10_000;

describe('deleting an export', () => {
  let bed: DeliveryTestBed;

  beforeAll(async () => {
    bed = await startDeliveryTestBed('export-delete');
  });
  afterAll(() => bed.close());

  const jobOf = (exp: { tenant: string; id: string }) => ({ tenant: exp.tenant, exportId: exp.id });
  const deliveriesOf = (exp: { id: string }) =>
    bed.db.exportDeliveries.countDocuments({ exportId: exp.id });

  it('when the process dies between removing the export and its deliveries, then both are still there', async () => {
    const { exp } = await bed.createExport('dies', RECEIVER);
    await bed.write('dies', [change('A-1', 1), change('B-2', 1)]);
    bed.clock.advance(LISTED_LATER_MS);
    await dispatchExport(jobOf(exp), bed.context);
    const deliveries = await deliveriesOf(exp);
    expect(deliveries).toBeGreaterThan(0);

    const dying = dyingAtSecondWrite(bed.db);
    dying.arm();
    const exports = new ExportsRepository(dying.db, bed.transactions);
    await expect(exports.delete('dies', exp.id)).rejects.toBe(DIED);

    expect(await bed.db.exports.findOne({ _id: exp._id })).not.toBeNull();
    expect(await deliveriesOf(exp)).toBe(deliveries);
  });

  it('when the export is deleted while its dispatch writes deliveries, then none is left', async () => {
    const { exp } = await bed.createExport('gone', RECEIVER);
    await bed.write('gone', [change('A-1', 1), change('B-2', 1)]);
    bed.clock.advance(LISTED_LATER_MS);
    const exports = new ExportsRepository(bed.db, bed.transactions);
    // The deletion lands after the dispatch claimed its range, before its deliveries are written.
    const deliveries = new Proxy(bed.db.exportDeliveries, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'insertMany' || typeof value !== 'function') return value;
        return async (...args: unknown[]): Promise<unknown> => {
          await exports.delete('gone', exp.id);
          return Reflect.apply(value, target, args) as unknown;
        };
      },
    });
    const db: Collections = { ...bed.db, exportDeliveries: deliveries };

    await dispatchExport(jobOf(exp), { ...bed.context, db });

    expect(await bed.db.exports.findOne({ _id: exp._id })).toBeNull();
    expect(await deliveriesOf(exp)).toBe(0);
  });
});
