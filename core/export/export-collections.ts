/**
 * The collections of the API export: the exports, and their deliveries (those still to be sent,
 * pending or failed, and those that succeeded, kept for the retention).
 */
import type { mongo } from 'mongoose';
import type { DeliveryDocument } from './delivery/delivery-record';
import type { ExportDocument } from './export-record';

export interface ExportCollections {
  exports: mongo.Collection<ExportDocument>;
  exportDeliveries: mongo.Collection<DeliveryDocument>;
}
