/**
 * The collections of the API export: the exports; the deliveries still to be sent (pending,
 * failed), a small work queue the senders read and update by `_id`; and the delivery log, the
 * ones that succeeded, written once and kept for the retention. Apart, a send's lookups and
 * updates stay cheap however long the log grows (FerretDB v1 scans a collection for each).
 * Deliveries that succeeded before the log had its own collection stay in `exportDeliveries`
 * with status `succeeded` until the retention removes them.
 */
import type { mongo } from 'mongoose';
import type { DeliveryDocument } from './delivery-record';
import type { ExportDocument } from './export-record';

export interface ExportCollections {
  exports: mongo.Collection<ExportDocument>;
  exportDeliveries: mongo.Collection<DeliveryDocument>;
  exportDeliveryLog: mongo.Collection<DeliveryDocument>;
}
