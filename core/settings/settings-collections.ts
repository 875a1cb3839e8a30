/** The collections of a tenant's content types and funnels, one document per definition. */
import type { mongo } from 'mongoose';
import type { ContentType } from '../pipeline/content-type';
import type { Funnel } from '../pipeline/funnel';

export type ContentTypeDocument = ContentType & { _id: string; tenant: string };
export type FunnelDocument = Funnel & { _id: string; tenant: string };

export interface SettingsCollections {
  contentTypes: mongo.Collection<ContentTypeDocument>;
  funnels: mongo.Collection<FunnelDocument>;
}
