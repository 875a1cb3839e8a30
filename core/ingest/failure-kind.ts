/**
 * What kind of failure ended a job's attempt: the one answer, for every job of the funnel queue,
 * to "would trying again help?" (docs/storage.md#jobs-that-give-up).
 * - `database-away`: MongoDB did not answer; tried again, then 503;
 * - `write-lock-busy`: other requests held the content type; tried again, then 503;
 * - `fails-again`: the same input fails the same way on every attempt: a document too large for
 *   MongoDB, a value BSON cannot hold, data that breaks its schema, or a bug (a TypeError in
 *   mapping code). Not tried again: the request ends at once, 500;
 * - `transient`: anything else (Redis away, a timeout, an error not known here); tried again,
 *   then 500.
 * An engine away wins over what it caused: a TypeError whose cause is a lost connection is
 * tried again.
 */
import { types } from 'node:util';
import { mongo } from 'mongoose';
import { z } from 'zod';
import { causeChain } from '../platform/cause-chain';
import { ItemTooLargeError } from '../items/item-too-large-error';
import { isWriteLockBusy } from '../items/write-lock';
import { isDatabaseUnreachable } from '../mongo/unreachable';

export type FailureKind = 'database-away' | 'write-lock-busy' | 'fails-again' | 'transient';

/**
 * JavaScript's own errors of a program that is wrong for its input, not unlucky. Known by name:
 * Node makes some (a Buffer's RangeError) in another realm than code run in a `vm` context.
 */
const PROGRAM_ERRORS = new Set(['TypeError', 'RangeError', 'ReferenceError', 'SyntaxError']);

/**
 * MongoDB's refusals of a document over 16 MiB: BSONObjectTooLarge, an update or an upsert whose
 * document would be too large.
 */
const TOO_LARGE_CODES = new Set<unknown>([10334, 17419, 17420]);

/** Node's code for a write past a buffer's end: what BSON serialisation throws past 16 MiB. */
const OUT_OF_RANGE = 'ERR_OUT_OF_RANGE';

function failsAgainItself(error: unknown): boolean {
  if (error instanceof ItemTooLargeError || error instanceof z.ZodError) return true;
  if (error instanceof mongo.BSON.BSONError || error instanceof mongo.MongoInvalidArgumentError) {
    return true;
  }
  if (types.isNativeError(error) && PROGRAM_ERRORS.has(error.name)) return true;
  if (typeof error !== 'object' || error === null) return false;
  // The driver copies the fields of an error it wraps (a bulk write's) onto its own.
  const { code, writeErrors } = error as { code?: unknown; writeErrors?: { code?: unknown }[] };
  if (code === OUT_OF_RANGE || TOO_LARGE_CODES.has(code)) return true;
  return Array.isArray(writeErrors) && writeErrors.some((write) => TOO_LARGE_CODES.has(write.code));
}

export function failureKind(error: unknown): FailureKind {
  if (isDatabaseUnreachable(error)) return 'database-away';
  if (isWriteLockBusy(error)) return 'write-lock-busy';
  return causeChain(error).some(failsAgainItself) ? 'fails-again' : 'transient';
}

/** Whether trying the job again would fail the same way. */
export const failsAgain = (error: unknown): boolean => failureKind(error) === 'fails-again';
