/**
 * What queues the delivery's jobs again, run without a worker: after a job ended, a wake-up it
 * missed while it ran (the queue holds one job per export and per lane); and the periodic sweep,
 * which makes again from MongoDB the jobs Redis lost.
 */
import { laneOf } from '../../../core/export/dispatch/lanes';
import { afterExportJob, dispatchExport } from '../../../core/export/export-delivery';
import { sweepExports } from '../../../core/export/wake-ups/export-sweep';
import { change } from './support/export-fixture';
import { startDeliveryTestBed, type DeliveryTestBed } from './support/delivery-test-bed';

const RECEIVER = 'http://127.0.0.1:9/unused';
const LANE = laneOf('products', 'W-1');

describe('afterExportJob and sweepExports', () => {
  let bed: DeliveryTestBed;

  beforeAll(async () => {
    bed = await startDeliveryTestBed('wake-ups');
  });
  afterAll(() => bed.close());

  /** Redis lost every export job, of every shard. */
  const lostJobs = async () => {
    await Promise.all(bed.queue.queues.all.map(({ queue }) => queue.obliterate({ force: true })));
  };

  it('when a dispatch ended with changes written meanwhile, then it is queued again', async () => {
    const { exp } = await bed.createExport('late', RECEIVER);
    const job = { tenant: 'late', exportId: exp.id };
    await bed.write('late', [change('W-1', 1)]);

    await afterExportJob({ name: 'dispatch', data: job }, bed.context);

    expect(await bed.queued(job)).toBe(true);
  });

  it('when a send ended with deliveries still waiting in its lane, then it is queued again', async () => {
    const { exp } = await bed.createExport('waiting', RECEIVER);
    const job = { tenant: 'waiting', exportId: exp.id };
    await bed.write('waiting', [change('W-1', 1)]);
    await dispatchExport(job, bed.context);
    await lostJobs();
    const other = (LANE + 1) % 4;

    await afterExportJob({ name: 'send', data: { ...job, lane: other } }, bed.context);
    await afterExportJob({ name: 'send', data: { ...job, lane: LANE } }, bed.context);

    expect(await bed.queued({ ...job, lane: other })).toBe(false);
    expect(await bed.queued({ ...job, lane: LANE })).toBe(true);
  });

  it('when jobs were lost, then the sweep queues a dispatch and the sends of lanes with work', async () => {
    const { exp } = await bed.createExport('lost', RECEIVER);
    const job = { tenant: 'lost', exportId: exp.id };
    await bed.write('lost', [change('W-1', 1)]);
    await dispatchExport(job, bed.context);
    await bed.write('lost', [change('W-1', 2)]);
    await lostJobs();

    await sweepExports(bed.context);

    expect(await bed.queued(job)).toBe(true);
    expect(await bed.queued({ ...job, lane: LANE })).toBe(true);
  });
});
