/**
 * A funnel request as the API hands it to the submission use case: read, checked and resolved to
 * its funnel, with what its headers ask of the API.
 */
import type { JobData } from '../queue/jobs';

/** The job data of the request, but for what queueing it adds. */
export type Submission = Omit<
  JobData<'ingest'>,
  'payloadKey' | 'idempotencyRecordKey' | 'respondAsync' | 'bodyBytes'
>;

/** A request of a group: its submission and its body. */
export interface GroupMember {
  submission: Submission;
  body: Buffer;
}

export interface SubmittedRequest extends GroupMember {
  /** The `Idempotency-Key` header as sent; checked by the use case. */
  idempotencyKey: string | undefined;
  /** `Prefer: respond-async`: nobody waits for the answer. */
  respondAsync: boolean;
}
