/**
 * One of the service's indexes (indexes.ts) as the server holds it: there with its key and
 * options, missing, or there under its name (or its key) with something else, which the index
 * command never replaces by itself (docs/operations.md#indexes).
 */
import type { ServiceIndex } from './indexes';

type IndexStatus = 'present' | 'missing' | 'created' | 'differs';

export interface IndexState {
  index: ServiceIndex;
  /** The collection's name in the database (`history_parts`, not `historyParts`). */
  collection: string;
  status: IndexStatus;
  /** For `differs`: what the server holds instead, in words. */
  found?: string;
}

/** `collection.index`, as an operator finds it in the database. */
export const indexLabel = (state: Pick<IndexState, 'collection' | 'index'>): string =>
  `${state.collection}.${state.index.name}`;
