/**
 * What a write or delete changed, item by item, and the port it is told to: the change log
 * (core/changes) implements it, so items need not know who follows their changes.
 */
import type { ViewedItem } from './item';

export interface ItemChange {
  event: 'created' | 'updated' | 'deleted';
  identifier: string;
  /** The item's count of changes, this one included. */
  version: number;
  /**
   * The item as this change left it, null when deleted; absent where the writer does not know
   * it (changes recovered after a writer died). Its fields as written: whoever keeps it makes
   * the view, so that a write nobody follows pays nothing for it.
   */
  item?: ViewedItem | null;
}

export interface ItemChangeSink {
  /**
   * Records the changes of one content type, in order. Called while the content type's writes are
   * held off, so that the changes of one item are recorded in the order they were made.
   */
  record(scope: { tenant: string; contentType: string }, changes: ItemChange[]): Promise<void>;
}

export const NO_CHANGE_SINK: ItemChangeSink = { record: () => Promise.resolve() };
