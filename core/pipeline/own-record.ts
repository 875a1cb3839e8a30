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

/** The entry under `key` when the record has it as its own, else undefined. */
export function ownEntry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
