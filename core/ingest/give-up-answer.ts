/**
 * The answer of a request whose job failed on its last attempt: 503 when an engine did not
 * answer (the caller should send it again later), 500 for anything else. Either way the
 * request did not complete; what it wrote before failing stays written.
 */
import { isWriteLockBusy } from '../items/write-lock';
import { isDatabaseUnreachable } from '../mongo/unreachable';

export interface GiveUpAnswer {
  httpStatus: 500 | 503;
  message: string;
}

export function giveUpAnswer(error: unknown, attempts: number): GiveUpAnswer {
  const tried = `in ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
  if (isDatabaseUnreachable(error)) {
    return {
      httpStatus: 503,
      message: `The database did not answer ${tried}; the request was not completed. Send it again`,
    };
  }
  if (isWriteLockBusy(error)) {
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
