/**
 * The answer of a request whose job failed on its last attempt: 503 when an engine did not
 * answer (the caller should send it again later), 500 for anything else. Either way the
 * request did not complete; what it wrote before failing stays written.
 */
import { mongo } from 'mongoose';
import { TimeoutError } from 'redis-semaphore';

/** Driver errors that mean MongoDB could not be reached, not that it refused a command. */
const MONGODB_AWAY = [
  mongo.MongoNetworkError, // PoolClearedError and MongoNetworkTimeoutError are kinds of it
  mongo.MongoServerSelectionError,
  mongo.MongoNotConnectedError,
  mongo.MongoTopologyClosedError,
  mongo.MongoServerClosedError,
];

/** The error and the errors it wraps (`cause`), outermost first. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current instanceof Error && chain.length < 10;) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

export interface GiveUpAnswer {
  httpStatus: 500 | 503;
  message: string;
}

export function giveUpAnswer(error: unknown, attempts: number): GiveUpAnswer {
  const chain = causes(error);
  const tried = `in ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
  if (chain.some((cause) => MONGODB_AWAY.some((kind) => cause instanceof kind))) {
    return {
      httpStatus: 503,
      message: `The database did not answer ${tried}; the request was not completed. Send it again`,
    };
  }
  if (chain.some((cause) => cause instanceof TimeoutError)) {
    return {
      httpStatus: 503,
      message: `Other requests kept the content type busy ${tried}; the request was not completed. Send it again`,
    };
  }
  return {
    httpStatus: 500,
    message: `The request failed ${tried} on an internal error; its request id finds it in the logs`,
  };
}
