/**
 * Whether an error means that MongoDB could not be reached or did not answer in time (a 503 to
 * retry later), rather than that it refused a command: the one answer to that question for the
 * API and the workers.
 */
import { mongo } from 'mongoose';
import { causeChain } from '../platform/cause-chain';

/** Driver errors for a server it cannot reach. PoolClearedError and timeouts are network errors. */
const UNREACHABLE = [
  mongo.MongoNetworkError,
  mongo.MongoServerSelectionError,
  mongo.MongoNotConnectedError,
  mongo.MongoTopologyClosedError,
  mongo.MongoServerClosedError,
  mongo.MongoOperationTimeoutError,
];

/**
 * Server codes of a command stopped by a time limit (docs/storage.md#timeouts-and-read-preference):
 * MaxTimeMSExpired, a write concern not satisfied within `wtimeout` (WriteConcernFailed, named
 * WriteConcernTimeout since 8.1), ExceededTimeLimit. The driver copies a bulk write's write
 * concern error's code onto the error it throws.
 */
const TIMED_OUT_CODES = new Set<unknown>([50, 64, 262]);

function isUnreachable(cause: unknown): boolean {
  if (UNREACHABLE.some((kind) => cause instanceof kind)) return true;
  return cause instanceof mongo.MongoError && TIMED_OUT_CODES.has(cause.code);
}

export function isDatabaseUnreachable(error: unknown): boolean {
  return causeChain(error).some(isUnreachable);
}
