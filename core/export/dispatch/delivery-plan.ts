/**
 * How changes become deliveries: each change goes to its item's lane, and each lane's changes,
 * in log order, are cut into batches numbered on from the lane's last one: at most `batchSize`
 * changes, and at most MAX_DELIVERY_BYTES of them, so that a delivery stays far under MongoDB's
 * 16 MB document limit (one change alone may exceed it: an item is held to its own limit before
 * it is written). The same input always gives the same deliveries, so a run that died half-way is
 * finished exactly as begun.
 */
import { mongo } from 'mongoose';
import type { ChangeRecord, ChangeView } from '../../changes/change-record';
import type { TraceCarrier } from '../../platform/tracing/trace-carrier';
import type { DeliveryDocument, DeliveryOrigin } from '../delivery/delivery-record';
import { changeSummary, deliveryIdOf } from '../delivery/delivery-record';
import { laneOf, LANE_COUNT } from './lanes';

export const MAX_DELIVERY_BYTES = 8 * 1024 * 1024;

/** The traces a delivery continues (the first) and links (the others), at most. */
const MAX_DELIVERY_TRACES = 8;

/** The span that wrote each change, by `seq`, where tracing was on. */
export type ChangeTraces = ReadonlyMap<number, TraceCarrier>;

export function changeTraces(
  changes: readonly Pick<ChangeRecord, 'seq' | 'trace'>[],
): ChangeTraces {
  const traces = new Map<number, TraceCarrier>();
  for (const { seq, trace } of changes) if (trace) traces.set(seq, trace);
  return traces;
}

/** The distinct spans that wrote a batch's changes, in log order, at most MAX_DELIVERY_TRACES. */
function tracesOf(batch: readonly ChangeView[], traces: ChangeTraces | undefined) {
  if (!traces || traces.size === 0) return {};
  const found = new Map<string, TraceCarrier>();
  for (const { seq } of batch) {
    const trace = traces.get(seq);
    if (trace && !found.has(trace.traceparent)) found.set(trace.traceparent, trace);
    if (found.size === MAX_DELIVERY_TRACES) break;
  }
  return found.size > 0 ? { traces: [...found.values()] } : {};
}

export interface PlanInput {
  tenant: string;
  exportId: string;
  origin: DeliveryOrigin;
  changes: readonly ChangeView[];
  formedBefore: readonly number[];
  batchSize: number;
  now: Date;
  traces?: ChangeTraces;
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
    for (const batch of batchesOf(changes, input.batchSize)) {
      const n = (formedAfter[lane] ?? 0) + 1;
      formedAfter[lane] = n;
      deliveries.push({
        _id: deliveryIdOf(input.exportId, lane, n),
        tenant: input.tenant,
        exportId: input.exportId,
        lane,
        n,
        origin: input.origin,
        changes: batch,
        ...changeSummary(batch),
        ...tracesOf(batch, input.traces),
        status: 'pending',
        attempts: [],
        attemptCount: 0,
        nextAttemptAt: null,
        createdAt: input.now,
        succeededAt: null,
        expiresAt: null,
      });
    }
  });
  return { deliveries, formedAfter };
}

/** The lane's changes in order, cut at `batchSize` changes or MAX_DELIVERY_BYTES; none empty. */
function batchesOf(changes: readonly ChangeView[], batchSize: number): ChangeView[][] {
  const batches: ChangeView[][] = [];
  let batch: ChangeView[] = [];
  let bytes = 0;
  for (const change of changes) {
    const size = mongo.BSON.calculateObjectSize(change);
    if (batch.length === batchSize || (batch.length > 0 && bytes + size > MAX_DELIVERY_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(change);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
