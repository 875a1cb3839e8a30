/** A job processor: the BullMQ side of one job name, around a use case of core/ingest. */
import type { IngestContext } from '../../core/ingest/ingest-context';
import type { JobName, JobResult, ParsedJobData } from '../../core/queue/jobs';

export type Processor<N extends JobName> = (
  data: ParsedJobData<N>,
  context: IngestContext,
) => Promise<JobResult<N>>;

export type ProcessorTable = { [N in JobName]: Processor<N> };
