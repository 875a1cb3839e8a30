/**
 * Which items of a POST are written, once every item has been checked (rules 8 to 10,
 * docs/api-behaviour.md#partial-validation-and-all-or-nothing): all of them when all are valid; with partial validation on,
 * the valid ones when at least one is; otherwise none. The write follows this value, and the
 * answer is built from it.
 */

/**
 * An item after every check: its key in `errors` and its errors. A valid item always has an
 * identifier, and its key is that identifier as sent (X, even when lazy comparison resolved it to
 * a stored Y), so the key is what `successIds` lists.
 */
export interface CheckedItem {
  key: string;
  errors: Readonly<Record<string, string>>;
}

export interface ImportDecision<T extends CheckedItem> {
  /** `imported`: every item; `partial`: the valid ones, beside failures; `rejected`: none. */
  outcome: 'imported' | 'partial' | 'rejected';
  /** The items to write, in request order: empty when rejected. */
  accepted: T[];
  /** The items that failed a check, in request order. */
  failed: T[];
  /** How many items the request holds, each identifier once. */
  total: number;
}

const isValid = (item: CheckedItem): boolean => Object.keys(item.errors).length === 0;

export function decideImport<T extends CheckedItem>(
  items: readonly T[],
  partialValidation: boolean,
): ImportDecision<T> {
  const valid = items.filter(isValid);
  const failed = items.filter((item) => !isValid(item));
  const total = items.length;
  if (failed.length === 0) return { outcome: 'imported', accepted: valid, failed, total };
  if (partialValidation && valid.length > 0) {
    return { outcome: 'partial', accepted: valid, failed, total };
  }
  return { outcome: 'rejected', accepted: [], failed, total };
}
