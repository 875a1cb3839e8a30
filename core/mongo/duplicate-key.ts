/**
 * MongoDB's duplicate-key error (E11000), as a single write and as the write errors of an
 * unordered batch, and which unique index it names. A collision is a lost race only on the index
 * the caller expects (an insert's `_id`, say); one on any other unique index is a fault to report.
 *
 * How the index is named (docs/storage.md#error-shapes): MongoDB may put `keyPattern` on a single
 * write's error, and names the index in the message of every one (`... index: _id_ dup key: ...`),
 * which is all the driver keeps of a batch's write errors. DocumentDB's gateway sends no
 * `keyPattern` and words its message its own way (`... Index '_id_'`), except for an upsert whose
 * insert collides, where it names none (`Duplicate key violation on the requested collection.`).
 * A collision that names no index is read as on `_id`: the upserts that meet it write documents
 * whose one unique key is `_id` (stats, sequences).
 */
const DUPLICATE_KEY = 11000;
const ID_INDEX = '_id_';
/** The index a message names: MongoDB's wording, then DocumentDB's. */
const INDEX_IN_MESSAGE = [/ index: (\S+) dup key/, /\bIndex '([^']+)'/];

interface ServerError {
  code?: unknown;
  keyPattern?: unknown;
  errmsg?: unknown;
  message?: unknown;
}

interface BatchError {
  writeErrors?: { code?: number; index?: number; errmsg?: string }[];
}

export function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as ServerError).code === DUPLICATE_KEY
  );
}

/** Where a write collided: on `_id`, on another unique index, or where the server did not say. */
export type Collision = 'id' | 'other-index' | 'unnamed-index';

/** Where the write collided; undefined when the error is no collision. */
export function collisionOf(error: unknown): Collision | undefined {
  if (!isDuplicateKey(error)) return undefined;
  const { keyPattern, errmsg, message } = error as ServerError;
  if (isKeyPattern(keyPattern)) {
    const fields = Object.keys(keyPattern);
    return fields.length === 1 && fields[0] === '_id' ? 'id' : 'other-index';
  }
  const text = typeof errmsg === 'string' ? errmsg : typeof message === 'string' ? message : '';
  const index = INDEX_IN_MESSAGE.map((pattern) => pattern.exec(text)?.[1]).find(Boolean);
  if (index === undefined) return 'unnamed-index';
  return index === ID_INDEX ? 'id' : 'other-index';
}

/** Whether the write collided on `_id`: another writer inserted the same document first. */
export function isIdCollision(error: unknown): boolean {
  const collision = collisionOf(error);
  return collision === 'id' || collision === 'unnamed-index';
}

/**
 * The positions, in the batch, of the writes that collided on `_id`; undefined when the batch
 * failed for any other reason too (another unique index among them).
 */
export function idCollisionIndexes(error: unknown): number[] | undefined {
  const writeErrors = (error as BatchError).writeErrors;
  if (!Array.isArray(writeErrors) || writeErrors.length === 0) return undefined;
  const onId = writeErrors.every((e) => isIdCollision({ code: e.code, errmsg: e.errmsg }));
  return onId ? writeErrors.map((e) => e.index ?? -1) : undefined;
}

function isKeyPattern(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
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
