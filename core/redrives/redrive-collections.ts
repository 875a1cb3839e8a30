/** The collection of re-drives. */
import type { mongo } from 'mongoose';
import type { RedriveDocument } from './redrive';

export interface RedriveCollections {
  redrives: mongo.Collection<RedriveDocument>;
}
