/**
 * Step 3 of the export delivery, run without a worker against a receiver on loopback: a failed
 * attempt is recorded on its delivery, which waits out the retry schedule, or the receiver's
 * `Retry-After` on a 429 or 503; the lane waits with it, and the retry keeps the `webhook-id`.
 */
import { laneOf } from '../../../core/export/dispatch/lanes';
import { dispatchExport, sendLane } from '../../../core/export/export-delivery';
import { done, runAgainAt } from '../../../core/export/export-job-outcome';
import type { Respond } from '../../support/loopback-receiver';
import { answerWith, startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import { change } from './support/export-fixture';
import { startDeliveryTestBed, type DeliveryTestBed } from './support/delivery-test-bed';

const LANE = laneOf('products', 'R-1');
const FIRST_DELAY_MS = 1_000;
const SECOND_DELAY_MS = 60_000;

describe('retryLater', () => {
  let bed: DeliveryTestBed;
  let receiver: LoopbackReceiver;
  let respond: Respond = answerWith(500);

  beforeAll(async () => {
    bed = await startDeliveryTestBed('retry-later', {
      retryDelaysMs: [FIRST_DELAY_MS, SECOND_DELAY_MS],
    });
    receiver = await startReceiver((request, response) => respond(request, response));
  });
  afterAll(async () => {
    await receiver.close();
    await bed.close();
  });

  async function formed(tenant: string) {
    const { exp } = await bed.createExport(tenant, receiver.origin);
    await bed.write(tenant, [change('R-1', 1)]);
    await dispatchExport({ tenant, exportId: exp.id }, bed.context);
    const delivery = async () => {
      const [found] = await bed.db.exportDeliveries.find({ exportId: exp.id }).toArray();
      if (!found) throw new Error('no delivery formed');
      return found;
    };
    return { exp, job: { tenant, exportId: exp.id, lane: LANE }, delivery };
  }

  const after = (ms: number) => new Date(bed.clock.now.getTime() + ms);

  it('when an attempt fails, then the delivery waits out the schedule, and the lane with it', async () => {
    respond = answerWith(500, 'down for maintenance');
    const { job, delivery } = await formed('acme');
    const before = receiver.received.length;

    expect(await sendLane(job, bed.context)).toEqual(runAgainAt(after(FIRST_DELAY_MS)));
    expect(await delivery()).toMatchObject({
      status: 'failed',
      attemptCount: 1,
      nextAttemptAt: after(FIRST_DELAY_MS),
      attempts: [{ ok: false, status: 500, responseBody: 'down for maintenance' }],
    });
    // Before its time, the lane waits: nothing is sent.
    expect(await sendLane(job, bed.context)).toEqual(runAgainAt(after(FIRST_DELAY_MS)));
    expect(receiver.received.length).toBe(before + 1);

    bed.clock.advance(FIRST_DELAY_MS);
    expect(await sendLane(job, bed.context)).toEqual(runAgainAt(after(SECOND_DELAY_MS)));
    expect((await delivery()).attemptCount).toBe(2);

    respond = answerWith(200);
    bed.clock.advance(SECOND_DELAY_MS);
    expect(await sendLane(job, bed.context)).toEqual(done('idle'));
    const ids = receiver.received.slice(before).map((request) => request.headers['webhook-id']);
    expect(ids).toEqual([(await delivery())._id, (await delivery())._id, (await delivery())._id]);
    expect((await delivery()).status).toBe('succeeded');
  });

  it('when a 503 asks to retry after a time, then that is the wait instead of the schedule', async () => {
    respond = answerWith(503, '', { 'retry-after': '120' });
    const { job, delivery } = await formed('busy');

    expect(await sendLane(job, bed.context)).toEqual(runAgainAt(after(120_000)));
    expect(await delivery()).toMatchObject({
      nextAttemptAt: after(120_000),
      attempts: [{ status: 503, retryAfterSeconds: 120 }],
    });
  });
});
