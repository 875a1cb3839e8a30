/**
 * The record of a request that reached its end (core/ingest/store-record.ts): one the store
 * refuses in a way that would repeat is stored without its lists, so that the request is answered
 * as it ended; an engine away is thrown, for the job to be tried again.
 */
import type { HistoryDocument } from '../../../core/history/history-record';
import type { HistoryRepository } from '../../../core/history/history.repository';
import { createLogger } from '../../../core/platform/logger';
import { storeRecord, storeRecords } from '../../../core/ingest/store-record';

const at = new Date('2026-11-29T00:00:00Z');
const record = (recordId: string): HistoryDocument => ({
  _id: `acme:${recordId}`,
  recordId,
  tenant: 'acme',
  funnelId: 'f1',
  endpointUrl: 'erp',
  requestId: recordId,
  method: 'POST',
  receivedAt: at,
  sequence: 1,
  finishedAt: at,
  durationMs: 1,
  status: 'success',
  httpStatus: 200,
  itemCount: 2,
  message: '2 items were imported',
  errors: [],
  successIds: ['A-1', 'A-2'],
  deletedIds: [],
  notFoundIds: [],
  resolved: [],
  identifiers: ['A-1', 'A-2'],
  identifierCount: 2,
  parts: 0,
  payload: '[]',
  payloadTruncated: false,
  storedPayload: null,
  tokenId: null,
  dryRun: false,
  bodyFormat: 'json',
  expiresAt: at,
});

/** A history that refuses, with `error`, every record that has lists. */
function refusingHistory(error: Error) {
  const saved: HistoryDocument[] = [];
  const refuse = (document: HistoryDocument) => {
    if (document.successIds.length > 0) throw error;
    saved.push(document);
  };
  const history = {
    save: (document: HistoryDocument) => Promise.resolve().then(() => refuse(document)),
    saveMany: (documents: readonly HistoryDocument[]) =>
      Promise.resolve().then(() => documents.forEach(refuse)),
  } as unknown as HistoryRepository;
  return { history, saved, logger: createLogger('test', 'silent') };
}

describe('storing the record of a finished request', () => {
  it('when the store refuses the record in a way that would repeat, then its summary is stored: counts and message, lists marked lost', async () => {
    const context = refusingHistory(new RangeError('The value of "offset" is out of range'));
    await storeRecord(context, record('r1'));
    expect(context.saved).toEqual([
      {
        ...record('r1'),
        successIds: [],
        identifiers: [],
        listsLost: true,
      },
    ]);
  });

  it('when a group of records is refused, then each is stored, as a summary where needed', async () => {
    const context = refusingHistory(new RangeError('out of range'));
    await storeRecords(context, [
      record('r1'),
      { ...record('r2'), successIds: [], identifiers: [] },
    ]);
    expect(context.saved.map((saved) => [saved.recordId, saved.listsLost ?? false])).toEqual([
      ['r1', true],
      ['r2', false],
    ]);
  });

  it('when the database is away, then the failure is thrown for the job to be tried again', async () => {
    const away = Object.assign(new Error('connection closed'), { name: 'MongoNetworkError' });
    const context = refusingHistory(away);
    await expect(storeRecord(context, record('r1'))).rejects.toBe(away);
    expect(context.saved).toEqual([]);
  });
});
