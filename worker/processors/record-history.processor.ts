/** The late history record of a request whose job gave up. */
import { recordLateHistory } from '../../core/ingest/record-late-history';
import type { Processor } from './processor';

export const recordHistoryProcessor: Processor<'record-history'> = recordLateHistory;
