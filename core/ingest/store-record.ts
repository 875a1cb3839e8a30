/**
 * Stores the record of a request that reached its end. Its items are written by then, so a record
 * the store refuses in a way that would repeat must not fail the request: that would answer 500
 * for a done write, and the sender's retry would write it again. The record is stored without its
 * lists instead (record-summary.ts), and the request is answered as it ended. An engine away is
 * thrown: the job is tried again, as any.
 */
import type { HistoryDocument } from '../history/history-record';
import { recordSummary } from '../history/record-summary';
import { inSpan } from '../platform/tracing/spans';
import { failsAgain } from './failure-kind';
import type { IngestContext } from './ingest-context';

type Recording = Pick<IngestContext, 'history' | 'logger'>;

function saveTraced(context: Recording, records: readonly HistoryDocument[]): Promise<void> {
  const attributes = { 'funnel_sync.history.records': records.length };
  return inSpan('write history', attributes, () => context.history.saveMany(records));
}

export async function storeRecord(context: Recording, record: HistoryDocument): Promise<void> {
  try {
    await context.history.save(record);
    return;
  } catch (error) {
    if (!failsAgain(error)) throw error;
    context.logger.error({ err: error }, 'history record refused: stored without its lists');
  }
  await context.history.save(recordSummary(record));
}

/** The records of a group of requests, together; one by one when that is refused. */
export async function storeRecords(
  context: Recording,
  records: readonly HistoryDocument[],
): Promise<void> {
  try {
    await context.history.saveMany(records);
  } catch (error) {
    if (!failsAgain(error)) throw error;
    for (const record of records) await storeRecord(context, record);
  }
}

/**
 * Runs `write`, which stores the records of its requests with `save` in the transaction of their
 * item writes, so that a process that dies between them leaves neither. A record refused in a way
 * that would repeat is, as above, stored without its lists: the writes run again with that.
 */
export async function writeWithRecords<T>(
  context: Recording,
  write: (save: (records: readonly HistoryDocument[]) => Promise<void>) => Promise<T>,
): Promise<T> {
  try {
    return await write((records) => saveTraced(context, records));
  } catch (error) {
    if (!failsAgain(error)) throw error;
    // Refused for good: by a record, if the writes pass without their lists.
    const written = await write((records) => context.history.saveMany(records.map(recordSummary)));
    context.logger.error({ err: error }, 'history record refused: stored without its lists');
    return written;
  }
}
