import type { ChangeView } from '../../../core/changes/change-record';
import { mongo } from 'mongoose';
import { MAX_DELIVERY_BYTES, planDeliveries } from '../../../core/export/dispatch/delivery-plan';
import { laneOf, LANE_COUNT } from '../../../core/export/dispatch/lanes';
import { retryDelayMs } from '../../../core/export/send/retry-schedule';

const view = (identifier: string, seq: number): ChangeView => ({
  seq,
  event: 'updated',
  contentType: 'products',
  identifier,
  version: seq,
  item: null,
  at: new Date(0).toISOString(),
});

describe('forming deliveries', () => {
  const changes = Array.from({ length: 40 }, (_, i) => view(`I-${i % 9}`, i + 1));
  const plan = planDeliveries({
    tenant: 't',
    exportId: 'e',
    origin: 'log',
    changes,
    formedBefore: [3, 0, 7, 1],
    batchSize: 4,
    now: new Date(0),
  });

  it('when changes are planned, then each item stays in its one lane, in seq order', () => {
    for (const delivery of plan.deliveries) {
      for (const change of delivery.changes) {
        expect(laneOf(change.contentType, change.identifier)).toBe(delivery.lane);
      }
    }
    for (let lane = 0; lane < LANE_COUNT; lane += 1) {
      const seqs = plan.deliveries
        .filter((d) => d.lane === lane)
        .sort((a, b) => a.n - b.n)
        .flatMap((d) => d.changes.map((c) => c.seq));
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
    expect(plan.deliveries.flatMap((d) => d.changes)).toHaveLength(40);
  });

  it('when a lane had deliveries, then numbering goes on from its last, batches at most batchSize', () => {
    for (let lane = 0; lane < LANE_COUNT; lane += 1) {
      const numbers = plan.deliveries.filter((d) => d.lane === lane).map((d) => d.n);
      const before = [3, 0, 7, 1][lane]!;
      expect(numbers).toEqual(numbers.map((_, i) => before + i + 1));
      expect(plan.formedAfter[lane]).toBe(before + numbers.length);
    }
    expect(Math.max(...plan.deliveries.map((d) => d.changes.length))).toBeLessThanOrEqual(4);
    expect(new Set(plan.deliveries.map((d) => d._id)).size).toBe(plan.deliveries.length);
  });

  it('when a lane’s changes are large, then a delivery holds no more than MAX_DELIVERY_BYTES of them, and at least one', () => {
    const large = (identifier: string, seq: number, bytes: number): ChangeView => ({
      ...view(identifier, seq),
      item: {
        identifier,
        name: null,
        image: null,
        parent: null,
        properties: { text: 'x'.repeat(bytes) },
        createdAt: new Date(0).toISOString(),
        updatedAt: new Date(0).toISOString(),
      },
    });
    // One identifier: one lane. Three of 3 MiB, then one larger than the bound alone.
    const sizes = [3, 3, 3, 9].map((mib) => mib * 1024 * 1024);
    const big = planDeliveries({
      tenant: 't',
      exportId: 'e',
      origin: 'log',
      changes: sizes.map((bytes, i) => large('same', i + 1, bytes)),
      formedBefore: [0, 0, 0, 0],
      batchSize: 50,
      now: new Date(0),
    });
    expect(big.deliveries.map((d) => d.changes.map((c) => c.seq))).toEqual([[1, 2], [3], [4]]);
    for (const delivery of big.deliveries.slice(0, 2)) {
      const bytes = delivery.changes.reduce((sum, c) => sum + mongo.BSON.calculateObjectSize(c), 0);
      expect(bytes).toBeLessThanOrEqual(MAX_DELIVERY_BYTES);
    }
  });

  it('when the same input is planned twice, then the deliveries are the same', () => {
    const again = planDeliveries({
      tenant: 't',
      exportId: 'e',
      origin: 'log',
      changes,
      formedBefore: [3, 0, 7, 1],
      batchSize: 4,
      now: new Date(0),
    });
    expect(again).toEqual(plan);
  });
});

describe('the retry schedule', () => {
  const delays = [5_000, 300_000, 36_000_000];

  it('when failures follow each other, then the waits follow the schedule and the last repeats', () => {
    expect([1, 2, 3, 4, 9].map((n) => retryDelayMs(n, { status: 500 }, delays))).toEqual([
      5_000, 300_000, 36_000_000, 36_000_000, 36_000_000,
    ]);
  });

  it('when a 429 or 503 says Retry-After, then that wait is taken; other statuses keep the schedule', () => {
    expect(retryDelayMs(1, { status: 429, retryAfterSeconds: 120 }, delays)).toBe(120_000);
    expect(retryDelayMs(3, { status: 503, retryAfterSeconds: 2 }, delays)).toBe(2_000);
    expect(retryDelayMs(1, { status: 500, retryAfterSeconds: 120 }, delays)).toBe(5_000);
  });
});
