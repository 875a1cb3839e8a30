/**
 * What a write or delete changed, item by item, and the port it is told to: the change log
 * (core/changes) implements it, so items need not know who follows their changes.
 */
export interface ItemChange {
  event: 'created' | 'updated' | 'deleted';
  identifier: string;
  /** The item's count of changes, this one included. */
  version: number;
}

export interface ItemChangeSink {
  /**
   * Records the changes of one content type, in order. Called while the content type's writes are
   * held off, so that the changes of one item are recorded in the order they were made.
   */
  record(scope: { tenant: string; contentType: string }, changes: ItemChange[]): Promise<void>;
}

export const NO_CHANGE_SINK: ItemChangeSink = { record: () => Promise.resolve() };
