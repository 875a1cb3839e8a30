/** Which processor handles which job name. */
import { ingestProcessor } from './ingest.processor';
import { pingProcessor } from './ping.processor';
import { purgeHistoryProcessor } from './purge-history.processor';
import type { ProcessorTable } from './processor';

export const PROCESSORS: ProcessorTable = {
  ping: pingProcessor,
  ingest: ingestProcessor,
  'purge-history': purgeHistoryProcessor,
};
