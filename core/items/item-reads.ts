/**
 * The store's lookups that deciding a request needs, and nothing that writes: what a preview may
 * be handed, so that the type system keeps it from writing.
 */
import type { ItemStore } from './item-store';

export type ItemReads = Pick<ItemStore, 'existing' | 'identifierLengths' | 'lazyCandidates'>;
