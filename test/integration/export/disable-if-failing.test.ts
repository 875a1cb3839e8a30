/**
 * Step 4 of the export delivery, run without a worker against a receiver on loopback: a `410
 * Gone` disables the export at once; attempts that all failed for longer than the rule allows
 * disable it too, while a success ends a run of failures. What waits is kept.
 */
import { laneOf } from '../../../core/export/dispatch/lanes';
import { dispatchExport, sendLane } from '../../../core/export/export-delivery';
import { done } from '../../../core/export/export-job-outcome';
import type { Respond } from '../../support/loopback-receiver';
import { answerWith, startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import { change } from './support/export-fixture';
import { startDeliveryTestBed, type DeliveryTestBed } from './support/delivery-test-bed';

const LANE = laneOf('products', 'D-1');
const RETRY_MS = 1_000;
const DISABLE_AFTER_MS = 10_000;

describe('disableIfFailing', () => {
  let bed: DeliveryTestBed;
  let receiver: LoopbackReceiver;
  let respond: Respond = answerWith(500);

  beforeAll(async () => {
    bed = await startDeliveryTestBed('disable-if-failing', {
      retryDelaysMs: [RETRY_MS],
      disableAfterMs: DISABLE_AFTER_MS,
    });
    receiver = await startReceiver((request, response) => respond(request, response));
  });
  afterAll(async () => {
    await receiver.close();
    await bed.close();
  });

  async function formed(tenant: string) {
    const { exp } = await bed.createExport(tenant, receiver.origin);
    await bed.write(tenant, [change('D-1', 1)]);
    await dispatchExport({ tenant, exportId: exp.id }, bed.context);
    return { exp, job: { tenant, exportId: exp.id, lane: LANE } };
  }

  it('when the receiver answers 410 Gone, then the export is disabled at once and the delivery kept', async () => {
    respond = answerWith(410);
    const { exp, job } = await formed('gone');

    expect(await sendLane(job, bed.context)).toEqual(done('idle'));

    expect(await bed.reread(exp)).toMatchObject({
      state: 'disabled',
      disabledReason: 'The receiver answered 410 Gone',
    });
    const kept = await bed.db.exportDeliveries.find({ exportId: exp.id }).toArray();
    expect(kept.map((delivery) => delivery.status)).toEqual(['failed']);
  });

  it('when every attempt failed for longer than allowed, then the export is disabled', async () => {
    respond = answerWith(500);
    const { exp, job } = await formed('failing');
    const firstFailure = bed.clock.now;

    await sendLane(job, bed.context);
    expect(await bed.reread(exp)).toMatchObject({ state: 'active', failingSince: firstFailure });
    bed.clock.advance(DISABLE_AFTER_MS - 1);
    await sendLane(job, bed.context);
    expect((await bed.reread(exp)).state).toBe('active');

    bed.clock.advance(RETRY_MS);
    expect(await sendLane(job, bed.context)).toEqual(done('idle'));
    expect(await bed.reread(exp)).toMatchObject({
      state: 'disabled',
      disabledReason: `Every delivery failed since ${firstFailure.toISOString()}`,
    });
  });

  it('when an attempt succeeds after failures, then the run of failures ends', async () => {
    respond = answerWith(500);
    const { exp, job } = await formed('recovers');
    await sendLane(job, bed.context);
    expect((await bed.reread(exp)).failingSince).not.toBeNull();

    respond = answerWith(200);
    bed.clock.advance(RETRY_MS);
    expect(await sendLane(job, bed.context)).toEqual(done('idle'));
    expect(await bed.reread(exp)).toMatchObject({ state: 'active', failingSince: null });
  });
});
