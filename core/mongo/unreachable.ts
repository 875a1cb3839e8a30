/**
 * Whether an error means that MongoDB could not be reached (a 503 to retry later), rather than
 * that it refused a command: the one answer to that question for the API and the workers.
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
];

export function isDatabaseUnreachable(error: unknown): boolean {
  return causeChain(error).some((cause) => UNREACHABLE.some((kind) => cause instanceof kind));
}
