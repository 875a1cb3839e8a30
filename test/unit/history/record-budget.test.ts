/**
 * A record's lists laid out within byte budgets (core/history/record-budget.ts): the record
 * document and each part stay within theirs, whatever the lists, and the parts joined in order
 * give back every list as it was.
 */
import { mongo } from 'mongoose';
import { joinParts } from '../../../core/history/history-part';
import type { HistoryDocument } from '../../../core/history/history-record';
import { PART_BYTES, RECORD_BYTES, splitRecord } from '../../../core/history/record-budget';

const at = new Date('2026-11-29T00:00:00Z');

function record(lists: Partial<HistoryDocument> = {}): HistoryDocument {
  return {
    _id: 'acme:r1',
    recordId: 'r1',
    tenant: 'acme',
    funnelId: 'f1',
    endpointUrl: 'erp',
    requestId: 'q1',
    method: 'POST',
    receivedAt: at,
    sequence: 7,
    finishedAt: at,
    durationMs: 1,
    status: 'partial',
    httpStatus: 200,
    itemCount: 0,
    message: 'm',
    errors: [],
    successIds: [],
    deletedIds: [],
    notFoundIds: [],
    resolved: [],
    identifiers: [],
    identifierCount: 0,
    parts: 0,
    payload: 'x'.repeat(256 * 1024),
    payloadTruncated: true,
    storedPayload: null,
    tokenId: null,
    dryRun: false,
    bodyFormat: 'json',
    sync: 's1',
    expiresAt: at,
    ...lists,
  };
}

/** `count` identifiers of 256 CJK characters (768 bytes in UTF-8). */
const longIds = (count: number, tag: string) =>
  Array.from({ length: count }, (_, i) => `${tag}${i}`.padEnd(256, '木'));

const size = (document: object) => mongo.BSON.calculateObjectSize(document);

describe('the byte budget of a history record', () => {
  it('when the lists are small, then the record holds them all and has no part', () => {
    const whole = record({ successIds: ['A-1'], identifiers: ['A-1'], identifierCount: 1 });
    expect(splitRecord(whole)).toEqual({ record: whole, parts: [] });
  });

  it('when the lists are far past a document, then each document is within its budget and the parts joined give every list back in order', () => {
    const sent = longIds(10_000, 's');
    const stored = longIds(10_000, 'w');
    const whole = record({
      errors: sent
        .slice(0, 3_000)
        .map((key) => ({ key, label: 'Price', message: 'Expected a number' })),
      successIds: sent,
      resolved: sent.map((id, i) => ({ sent: id, writtenTo: stored[i] ?? '' })),
      identifiers: [...sent, ...stored],
      identifierCount: 20_000,
    });
    expect(size(whole)).toBeGreaterThan(16 * 1024 * 1024);

    const { record: head, parts } = splitRecord(whole);
    expect(size(head)).toBeLessThanOrEqual(RECORD_BYTES);
    for (const part of parts) expect(size(part)).toBeLessThanOrEqual(PART_BYTES);
    expect(head.parts).toBe(parts.length);
    expect(parts.map((part) => part.part)).toEqual(parts.map((_, i) => i));
    expect(joinParts(head, parts)).toEqual({ ...whole, parts: parts.length });
  });

  it('when lists go to parts, then each part repeats the fields the history is searched by', () => {
    const whole = record({ identifiers: longIds(5_000, 'i'), identifierCount: 5_000 });
    const { parts } = splitRecord(whole);
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) {
      expect(part).toMatchObject({
        record: 'acme:r1',
        tenant: 'acme',
        funnelId: 'f1',
        requestId: 'q1',
        receivedAt: at,
        sequence: 7,
        status: 'partial',
        sync: 's1',
        expiresAt: at,
      });
    }
  });
});
