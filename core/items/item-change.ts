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
   * Starts recording the changes of one content type: what recording them needs to know first
   * (where the tenant's log goes on) is read at once, beside the writes that make them. Called,
   * and the answer's `record` too, while the content type's writes are held off, so that the
   * changes of one item are recorded in the order they were made.
   */
  begin(scope: { tenant: string; contentType: string }): ChangeRecording;
}

export interface ChangeRecording {
  /** Records the changes, in order. */
  record(changes: ItemChange[]): Promise<void>;
}

export const NO_CHANGE_SINK: ItemChangeSink = {
  begin: () => ({ record: () => Promise.resolve() }),
};
