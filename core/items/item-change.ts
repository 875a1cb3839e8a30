/**
 * What a write or delete changed, item by item, and the port it is told to: the change log
 * (core/changes) implements it, so items need not know who follows their changes.
 */
import type { ItemDiff } from './item-diff';

export interface ItemChange {
  event: 'created' | 'updated' | 'deleted';
  identifier: string;
  /** The item's count of changes, this one included. */
  version: number;
  /** An update's fields before and after; creations and deletions carry none. */
  diff?: ItemDiff;
}

export interface ItemChangeSink {
  /**
   * Records the changes of one content type, in order, in the transaction that made them (so
   * that they are kept if and only if the writes are). Answers what to do once it committed:
   * tell those who follow the changes.
   */
  record(
    scope: { tenant: string; contentType: string },
    changes: readonly ItemChange[],
  ): Promise<() => void>;
}

const NOTHING_TO_TELL = (): void => undefined;

export const NO_CHANGE_SINK: ItemChangeSink = { record: () => Promise.resolve(NOTHING_TO_TELL) };
