/** How a funnel request ended: the fields of its history record, and the caller's answer. */
import type { RequestOutcome } from './history-record-builder';
import type { JobResult } from '../queue/jobs';

export type RequestResult = RequestOutcome & Pick<JobResult<'ingest'>, 'httpStatus' | 'envelope'>;

/** A request that ends as a whole, before or instead of its items: `status: error`, a message. */
export function failedRequest(httpStatus: number, message: string, itemCount = 0): RequestResult {
  return {
    status: 'error',
    httpStatus,
    message,
    itemCount,
    envelope: { status: 'error', message },
  };
}

/** A request whose body expired in Redis before a worker took it up. */
export const expiredBody = (): RequestResult =>
  failedRequest(503, 'The request body expired before a worker took it up; send the request again');
