/**
 * A group of funnel requests' job. As for a single request, a failure goes back to BullMQ for its
 * retry; only a failure of the last attempt, or one that would fail the same way again, ends the
 * group here, each member with the answer and history record it would get alone.
 */
import { giveUp } from '../../core/ingest/give-up';
import { ingestGroup } from '../../core/ingest/ingest-group';
import { memberJobId } from '../../core/queue/jobs';
import { ForeignJobDataError } from '../../core/ingest/job-trust';
import { givesUp } from './gives-up';
import type { Processor } from './processor';

export const ingestGroupProcessor: Processor<'ingest-group'> = async (data, context) => {
  try {
    return await ingestGroup(data, context);
  } catch (error) {
    if (!givesUp(error, context)) throw error;
    if (error instanceof ForeignJobDataError) throw error;
    const answers = [];
    for (const [index, member] of data.members.entries()) {
      answers.push(await giveUp(member, context, error, memberJobId(context.jobId, index)));
    }
    return { answers };
  }
};
