/**
 * Records keyed by strings a client chose (identifiers, labels). They are made without a
 * prototype, so a key such as `__proto__` or `constructor` is an ordinary own entry: it can neither
 * reach `Object.prototype` nor be shadowed by it. JSON.stringify, spread and the MongoDB driver
 * treat them as plain objects.
 */

/** An empty record with no prototype. */
export function ownRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * An empty record with no prototype, as ownRecord, for the few keys that many records share: the
 * property keys of a content type, set in every item of a batch. V8 keeps it in fast mode, with
 * hidden classes shared by records of the same keys, where Object.create(null) makes a hash
 * table for each: about half the memory, and quicker to fill and to read for the driver.
 */
export function ownFieldRecord<T>(): Record<string, T> {
  return Object.setPrototypeOf({}, null) as Record<string, T>;
}
