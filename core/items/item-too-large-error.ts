/**
 * An item that a write would make larger than MAX_ITEM_BYTES together with the fields it has
 * stored already. A request's own values are measured before it is decided (an item error); this
 * is what only the write can see. Writing again would fail the same way.
 */
export class ItemTooLargeError extends Error {
  constructor(
    readonly identifier: string,
    readonly bytes: number,
    readonly max: number,
  ) {
    super(
      `Item ${JSON.stringify(identifier)} would take ${bytes.toLocaleString('en-US')} bytes with ` +
        `the fields it has stored, over the limit of ${max.toLocaleString('en-US')}`,
    );
    this.name = 'ItemTooLargeError';
  }
}
