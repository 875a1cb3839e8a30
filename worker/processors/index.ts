/** Which processor handles which job name. */
import { ingestChunkProcessor } from './ingest-chunk.processor';
import { ingestGroupProcessor } from './ingest-group.processor';
import { ingestProcessor } from './ingest.processor';
import { recordHistoryProcessor } from './record-history.processor';
import type { RedriveServices } from '../../core/redrives/redrive-services';
import type { ProcessorTable } from './processor';
import { redriveProcessor } from './redrive.processor';
import { syncCommitProcessor } from './sync-commit.processor';

/** The table of a worker process: the re-drive's processor takes the re-drive services. */
export const processorTable = (redrives: RedriveServices): ProcessorTable => ({
  ingest: ingestProcessor,
  'ingest-group': ingestGroupProcessor,
  'ingest-chunk': ingestChunkProcessor,
  'record-history': recordHistoryProcessor,
  'sync-commit': syncCommitProcessor,
  redrive: redriveProcessor(redrives),
});
