/**
 * The answer of a request whose job gave up: on its last attempt, or on its first when trying
 * again would fail the same way (failure-kind.ts). 503 when an engine did not answer (the caller
 * should send it again later), 500 for anything else. Either way the request did not complete;
 * what it wrote before failing stays written.
 */
import { ItemTooLargeError } from '../items/item-too-large-error';
import { causeChain } from '../platform/cause-chain';
import { failureKind } from './failure-kind';

export interface GiveUpAnswer {
  httpStatus: 500 | 503;
  message: string;
}

/** Why the request fails for good, in words a sender can act on, when they are ours to give. */
function reasonForSender(error: unknown): string | undefined {
  return causeChain(error).find((cause) => cause instanceof ItemTooLargeError)?.message;
}

export function giveUpAnswer(error: unknown, attempts: number): GiveUpAnswer {
  const tried = `in ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
  switch (failureKind(error)) {
    case 'database-away':
      return {
        httpStatus: 503,
        message: `The database did not answer ${tried}; the request was not completed. Send it again`,
      };
    case 'write-lock-busy':
      return {
        httpStatus: 503,
        message: `Other requests kept the content type busy ${tried}; the request was not completed. Send it again`,
      };
    case 'fails-again': {
      const reason = reasonForSender(error);
      return {
        httpStatus: 500,
        message: reason
          ? `${reason}; the request was not completed ${tried} and would fail the same way again`
          : `The request failed ${tried} on an internal error that would fail the same way ` +
            'again, so it was not tried again; its request id finds it in the logs',
      };
    }
    case 'transient':
      return {
        httpStatus: 500,
        message: `The request failed ${tried} on an internal error; its request id finds it in the logs`,
      };
  }
}
