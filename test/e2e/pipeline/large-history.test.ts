/**
 * A request whose lists are larger than a document may be (docs/storage.md#large-history-records):
 * 10,000 items with identifiers of 256 CJK characters, lazily matched to stored ones, name 20,000
 * identifiers and 10,000 matches, over 30 MB in BSON. The request is answered as it ended, its
 * record is stored within MongoDB's 16 MiB rule (held here by measure, since the test engine takes
 * larger documents), and the history gives back every id, match and identifier.
 */
import { mongo } from 'mongoose';
import { requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';
import type { HistoryView } from '../../../core/history/history-record';
import { PART_BYTES, RECORD_BYTES } from '../../../core/history/record-budget';

const MONGODB_DOCUMENT_LIMIT = 16 * 1024 * 1024;
const ITEMS = 10_000;

/** 10,000 distinct identifiers of `length` CJK characters: the index in CJK digits, then filler. */
function cjkIdentifiers(length: number, filler: string): string[] {
  return Array.from({ length: ITEMS }, (_, index) => {
    const digits = [...index.toString(32).padStart(3, '0')]
      .map((digit) => String.fromCodePoint(0x4e00 + parseInt(digit, 32)))
      .join('');
    return digits + filler.repeat(length - digits.length);
  });
}

interface TrailEntry {
  recordId: string;
  outcome: string;
}

describe('a history record of a request larger than a document', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('large-history', { WAIT_TIMEOUT_MS: '240000' });
  });
  afterAll(() => p.close());

  it('when 10,000 long identifiers are matched lazily, then the request is answered 200, its record is within the limit, the history gives back every id, and each item names it as its last write', async () => {
    const exact = await p.scenario();
    const stored = cjkIdentifiers(200, '木');
    const seeded = await p.post(
      exact.url,
      stored.map((sku) => ({ sku, title: 'stored' })),
    );
    expect(seeded.status).toBe(200);
    const lazy = await p.scenario({
      contentType: exact.contentType,
      mappings: [
        { source: 'sku', target: { system: 'identifier' }, lazy: true },
        { source: 'title', target: { system: 'name' } },
      ],
    });
    // Each sent identifier is a stored one and a suffix: 256 characters, 768 bytes in UTF-8.
    const sent = stored.map((identifier) => `${identifier}-${'林'.repeat(55)}`);
    expect(sent.every((identifier) => [...identifier].length === 256)).toBe(true);

    const response = await p.post(
      lazy.url,
      sent.map((sku) => ({ sku, title: 'new' })),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '10000 items were imported' });
    expect(p.serverErrors()).toEqual([]);

    const record: HistoryView = await p.history(lazy.url, requestIdOf(response));
    expect(record).toMatchObject({
      status: 'success',
      httpStatus: 200,
      itemCount: ITEMS,
      identifierCount: 2 * ITEMS,
      listsComplete: true,
    });
    expect(record.successIds).toEqual(sent);
    expect(record.resolved).toEqual(
      sent.map((identifier, index) => ({ sent: identifier, writtenTo: stored[index] })),
    );
    expect(new Set(record.identifiers)).toEqual(new Set([...sent, ...stored]));

    // As stored: each document within MongoDB's limit, whatever the engine under the test takes.
    const { db } = p.api.context;
    const document = await db.history.findOne({ recordId: record.recordId });
    const parts = await db.historyParts.find({ record: document?._id }).toArray();
    expect(document?.parts).toBe(parts.length);
    expect(parts.length).toBeGreaterThan(1);
    const size = (stored: object | null) => mongo.BSON.calculateObjectSize(stored ?? {});
    expect(size(document)).toBeLessThanOrEqual(RECORD_BYTES);
    for (const part of parts) expect(size(part)).toBeLessThanOrEqual(PART_BYTES);
    expect(Math.max(...[document, ...parts].map(size))).toBeLessThan(MONGODB_DOCUMENT_LIMIT);

    // The items written name the request, whether the record or a part lists them.
    for (const identifier of [stored[0], stored[ITEMS - 1]] as string[]) {
      const path = `/api/v1/content-types/${exact.contentType}/items/${encodeURIComponent(identifier)}`;
      const item = await p.api.call<{ name: string; lastWrite: { recordId: string } }>(
        'GET',
        path,
        { token: p.token },
      );
      expect(item.status).toBe(200);
      expect(item.body.name).toBe('new');
      expect(item.body.lastWrite.recordId).toBe(record.recordId);
      const trail = await p.api.call<{ items: TrailEntry[] }>('GET', `${path}/requests`, {
        token: p.token,
      });
      expect(trail.body.items[0]).toMatchObject({ recordId: record.recordId, outcome: 'written' });
      const listed = await p.api.call<{ items: (HistoryView & { listsComplete: boolean })[] }>(
        'GET',
        `/api/v1/funnels/${lazy.url}/history?identifier=${encodeURIComponent(identifier)}`,
        { token: p.token },
      );
      expect(listed.body.items.map((entry) => [entry.recordId, entry.listsComplete])).toEqual([
        [record.recordId, false],
      ]);
    }
  }, 300_000);
});
