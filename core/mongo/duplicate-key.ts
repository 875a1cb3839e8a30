/**
 * MongoDB's duplicate-key error (E11000), as a single write and as the write errors of an
 * unordered batch: how an insert tells that its `_id` (or another unique key) exists already.
 */
const DUPLICATE_KEY = 11000;

export function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === DUPLICATE_KEY
  );
}

/**
 * The positions, in the batch, of the writes that collided on a unique key; undefined when the
 * batch failed for any other reason too.
 */
export function duplicateKeyIndexes(error: unknown): number[] | undefined {
  const writeErrors = (error as { writeErrors?: { code?: number; index?: number }[] }).writeErrors;
  if (!Array.isArray(writeErrors) || !writeErrors.every((e) => e.code === DUPLICATE_KEY))
    return undefined;
  return writeErrors.map((e) => e.index ?? -1);
}

/** A unique key (an e-mail, an endpoint URL) that is taken already: a 409 for the caller. */
export class DuplicateError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'DuplicateError';
  }
}
