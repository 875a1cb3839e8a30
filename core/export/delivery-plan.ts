/**
 * How changes become deliveries: each change goes to its item's lane, and each lane's changes,
 * in log order, are cut into batches numbered on from the lane's last one. The same input always
 * gives the same deliveries, so a run that died half-way is finished exactly as begun.
 */
import type { ChangeView } from '../changes/change-record';
import type { DeliveryDocument, DeliveryOrigin } from './delivery-record';
import { changeSummary, deliveryIdOf, packChanges } from './delivery-record';
import { laneOf, LANE_COUNT } from './lanes';

export interface PlanInput {
  tenant: string;
  exportId: string;
  origin: DeliveryOrigin;
  changes: readonly ChangeView[];
  formedBefore: readonly number[];
  batchSize: number;
  now: Date;
}

export interface Plan {
  deliveries: DeliveryDocument[];
  formedAfter: number[];
}

export function planDeliveries(input: PlanInput): Plan {
  const byLane: ChangeView[][] = Array.from({ length: LANE_COUNT }, () => []);
  for (const change of input.changes) {
    byLane[laneOf(change.contentType, change.identifier)]?.push(change);
  }
  const deliveries: DeliveryDocument[] = [];
  const formedAfter = [...input.formedBefore];
  byLane.forEach((changes, lane) => {
    for (let start = 0; start < changes.length; start += input.batchSize) {
      const n = (formedAfter[lane] ?? 0) + 1;
      formedAfter[lane] = n;
      const batch = changes.slice(start, start + input.batchSize);
      deliveries.push({
        _id: deliveryIdOf(input.exportId, lane, n),
        tenant: input.tenant,
        exportId: input.exportId,
        lane,
        n,
        origin: input.origin,
        packedChanges: packChanges(batch),
        ...changeSummary(batch),
        status: 'pending',
        attempts: [],
        attemptCount: 0,
        nextAttemptAt: null,
        createdAt: input.now,
        succeededAt: null,
      });
    }
  });
  return { deliveries, formedAfter };
}
