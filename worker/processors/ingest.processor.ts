/**
 * A funnel request's job. A failure is thrown back to BullMQ for its retry, its hand-back at
 * shutdown, or its wait for chunk jobs; only a failure of the last attempt, or one that would
 * fail the same way again, ends the request here, with an answer and a history record all the
 * same.
 */
import { giveUp } from '../../core/ingest/give-up';
import { ingestRequest } from '../../core/ingest/ingest-request';
import { ForeignJobDataError } from '../../core/ingest/job-trust';
import { givesUp } from './gives-up';
import type { Processor } from './processor';

export const ingestProcessor: Processor<'ingest'> = async (data, context) => {
  try {
    return await ingestRequest(data, context);
  } catch (error) {
    if (!givesUp(error, context)) throw error;
    // Another request's data: nothing to answer or record for it.
    if (error instanceof ForeignJobDataError) throw error;
    return giveUp(data, context, error);
  }
};
