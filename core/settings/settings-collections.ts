/** The collections of a tenant's content types and funnels, one document per definition. */
import type { mongo } from 'mongoose';
import type { ContentType } from '../domain/content-type';
import type { Funnel } from '../domain/funnel';

export type ContentTypeDocument = ContentType & { _id: string; tenant: string };
/**
 * A funnel as stored. Its sample, when it has one, is kept as JSON text (`requestDataJson`),
 * since a sample may hold keys a document cannot (`$where`, `a.b`, a NUL).
 */
export type FunnelDocument = Omit<Funnel, 'requestData'> & {
  _id: string;
  tenant: string;
  requestDataJson?: string;
};

export interface SettingsCollections {
  contentTypes: mongo.Collection<ContentTypeDocument>;
  funnels: mongo.Collection<FunnelDocument>;
}
