/**
 * History records whose lists go on in parts (docs/storage.md#large-history-records), as the
 * repository reads them on the test engine: the filter by identifier and the item trail find an
 * item named in a part, pages neither skip nor repeat a record whether its hit is in the record or
 * a part, and a record written again leaves no part of its earlier writing behind.
 */
import type { HistoryDocument } from '../../../core/history/history-record';
import { HistoryRepository } from '../../../core/history/history.repository';
import { itemOutcome } from '../../../core/history/item-outcome';
import { recordSummary } from '../../../core/history/record-summary';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { ttlSafeExpiry } from '../../support/ttl-safe-expiry';

const T0 = Date.parse('2024-05-01T10:00:00.000Z');
const NAMED = 'X-1';
/** 3,000 identifiers of 256 CJK characters: past the record's budget on their own. */
const LONG = Array.from({ length: 3_000 }, (_, i) => `${i}`.padEnd(256, '木'));

/** A record of `funnelId` naming NAMED first (in the record) or last (in a part). */
function record(recordId: string, minute: number, named: 'first' | 'last'): HistoryDocument {
  const ids = named === 'first' ? [NAMED, ...LONG] : [...LONG, NAMED];
  const receivedAt = new Date(T0 + minute * 60_000);
  return {
    _id: `acme:${recordId}`,
    recordId,
    tenant: 'acme',
    funnelId: 'f1',
    endpointUrl: 'erp',
    requestId: recordId,
    method: 'POST',
    receivedAt,
    sequence: minute,
    finishedAt: receivedAt,
    durationMs: 1,
    status: 'success',
    httpStatus: 200,
    itemCount: ids.length,
    message: 'imported',
    errors: [],
    successIds: ids,
    deletedIds: [],
    notFoundIds: [],
    resolved: [],
    identifiers: ids,
    identifierCount: ids.length,
    parts: 0,
    payload: '',
    payloadTruncated: false,
    storedPayload: null,
    tokenId: null,
    dryRun: false,
    bodyFormat: 'json',
    expiresAt: ttlSafeExpiry(),
  };
}

describe('history records in parts', () => {
  let api: TestApi;
  let history: HistoryRepository;

  beforeAll(async () => {
    api = await startTestApi('history-parts');
    history = new HistoryRepository(api.context.db);
    await history.saveMany([record('r1', 1, 'first'), record('r2', 2, 'last')]);
    await history.save(record('r3', 3, 'first'));
    await history.save(record('r4', 4, 'last'));
  }, 120_000);
  afterAll(() => api.close());

  it('when a record is read with its parts, then every list is whole, in order', async () => {
    const found = await history.find('acme', 'r2');
    expect(found?.parts).toBeGreaterThan(0);
    expect(found?.identifiers.length).toBeLessThan(LONG.length);
    const whole = await history.withParts(found as HistoryDocument);
    expect(whole.successIds).toEqual([...LONG, NAMED]);
    expect(whole.identifiers).toEqual([...LONG, NAMED]);
  });

  it('when the history is paged by an identifier named in records and in parts, then each record comes once, newest first', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await history.list('acme', 'f1', { identifier: NAMED, limit: 1, cursor });
      seen.push(...page.items.map((item) => item.recordId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['r4', 'r3', 'r2', 'r1']);
  });

  it('when the item trail asks who named an item listed in a part, then it finds the request and what it did', async () => {
    const entries = await history.naming('acme', ['f1'], NAMED, 10);
    expect(entries.map((entry) => [entry.recordId, itemOutcome(entry, NAMED)])).toEqual([
      ['r4', 'written'],
      ['r3', 'written'],
      ['r2', 'written'],
      ['r1', 'written'],
    ]);
    const writer = await history.lastWriter('acme', {
      funnelId: 'f1',
      identifier: NAMED,
      sequence: 4,
    });
    expect(writer?.recordId).toBe('r4');
  });

  it('when a record is written again with fewer parts, then the parts of its earlier writing go', async () => {
    await history.save(record('r5', 5, 'last'));
    expect(await api.context.db.historyParts.countDocuments({ record: 'acme:r5' })).toBeGreaterThan(
      0,
    );
    await history.save(recordSummary(record('r5', 5, 'last')));
    expect(await api.context.db.historyParts.countDocuments({ record: 'acme:r5' })).toBe(0);
    const listed = await history.list('acme', 'f1', { identifier: NAMED, limit: 10 });
    expect(listed.items.map((item) => item.recordId)).toEqual(['r4', 'r3', 'r2', 'r1']);
  });
});
