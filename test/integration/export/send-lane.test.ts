/**
 * Step 2 of the export delivery, run without a worker against a receiver on loopback: a send
 * posts its lane's deliveries one after another, signed, records each that got a 2xx and the
 * lane's count, and passes over a delivery that succeeded already without sending it again.
 */
import { Webhook } from 'standardwebhooks';
import type { DeliveryDocument } from '../../../core/export/delivery/delivery-record';
import { laneOf } from '../../../core/export/dispatch/lanes';
import { dispatchExport, sendLane } from '../../../core/export/export-delivery';
import { done } from '../../../core/export/export-job-outcome';
import type { ExportDocument } from '../../../core/export/export-record';
import { answerWith, startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import { change } from './support/export-fixture';
import { startDeliveryTestBed, type DeliveryTestBed } from './support/delivery-test-bed';

const LANE = laneOf('products', 'S-1');

describe('sendLane', () => {
  let bed: DeliveryTestBed;
  let receiver: LoopbackReceiver;

  beforeAll(async () => {
    bed = await startDeliveryTestBed('send-lane');
    receiver = await startReceiver(answerWith(204));
  });
  afterAll(async () => {
    await receiver.close();
    await bed.close();
  });

  /** An export whose lane holds one delivery per version of S-1, each formed by a dispatch. */
  async function formed(tenant: string, versions: number) {
    const { exp, secret } = await bed.createExport(tenant, receiver.origin);
    for (let version = 1; version <= versions; version += 1) {
      await bed.write(tenant, [change('S-1', version)]);
      await dispatchExport({ tenant, exportId: exp.id }, bed.context);
    }
    return { exp, secret, job: { tenant, exportId: exp.id, lane: LANE } };
  }

  const deliveriesOf = (exp: ExportDocument): Promise<DeliveryDocument[]> =>
    bed.db.exportDeliveries.find({ exportId: exp.id }).sort({ _id: 1 }).toArray();

  it('when a lane holds deliveries, then they go in order, signed, each recorded as succeeded', async () => {
    const { exp, secret, job } = await formed('acme', 3);
    const before = receiver.received.length;

    expect(await sendLane(job, bed.context)).toEqual(done('idle'));

    const received = receiver.received.slice(before);
    const versions = received.map((request) => {
      const body = new Webhook(secret).verify(request.body, request.headers as never) as {
        changes: { version: number }[];
      };
      return body.changes.map((c) => c.version);
    });
    expect(versions).toEqual([[1], [2], [3]]);
    const deliveries = await deliveriesOf(exp);
    expect(received.map((request) => request.headers['webhook-id'])).toEqual(
      deliveries.map((delivery) => delivery._id),
    );
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ status: 'succeeded', changes: [], attemptCount: 1 });
      expect(delivery.expiresAt).toEqual(new Date(bed.clock.now.getTime() + 7 * 86_400_000));
    }
    expect((await bed.reread(exp)).lanes[LANE]).toEqual({ formed: 3, sent: 3 });
  });

  it('when the lane’s count is behind deliveries that succeeded, then they are passed over, not sent again', async () => {
    const { exp, job } = await formed('behind', 2);
    await sendLane(job, bed.context);
    await bed.db.exports.updateOne({ _id: exp._id }, { $set: { [`lanes.${LANE}.sent`]: 0 } });
    const before = receiver.received.length;

    expect(await sendLane(job, bed.context)).toEqual(done('idle'));

    expect(receiver.received.length).toBe(before);
    expect((await bed.reread(exp)).lanes[LANE]).toEqual({ formed: 2, sent: 2 });
  });

  it('when the export is not active, then nothing is sent', async () => {
    const { exp, job } = await formed('paused', 1);
    await bed.db.exports.updateOne({ _id: exp._id }, { $set: { state: 'paused' } });
    const before = receiver.received.length;

    expect(await sendLane(job, bed.context)).toEqual(done('idle'));

    expect(receiver.received.length).toBe(before);
    expect((await deliveriesOf(exp))[0]?.status).toBe('pending');
  });
});
