/** What full syncs work with, on the API's side and the worker's alike. */
import type { Redis } from 'ioredis';
import type { ItemCollections } from '../items/item-collections';
import { SyncGate } from './sync-gate';
import type { SyncCollections } from './sync-collections';
import { SyncsRepository } from './syncs.repository';

export interface SyncServices {
  records: SyncsRepository;
  gate: SyncGate;
  /** The items, read for a commit's candidates. */
  items: Pick<ItemCollections, 'items'>;
}

export function syncServices(
  db: SyncCollections & Pick<ItemCollections, 'items'>,
  redis: Redis,
  prefix: string,
): SyncServices {
  return { records: new SyncsRepository(db), gate: new SyncGate(redis, prefix), items: db };
}
