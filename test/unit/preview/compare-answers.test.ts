/** Which items change outcome between a recorded answer and a draft's (core/preview/). */
import type { HistoryDocument, StoredError } from '../../../core/history/history-record';
import { answersDiffer, itemChanges, recordedAnswer } from '../../../core/preview/compare-answers';
import type { DraftRun } from '../../../core/preview/run-draft';

function record(
  successIds: string[],
  errors: StoredError[],
  status: 'success' | 'error' | 'partial',
) {
  return {
    _id: 't:r',
    recordId: 'r',
    tenant: 't',
    funnelId: 'f',
    endpointUrl: 'f',
    requestId: 'r',
    method: 'POST',
    receivedAt: new Date(0),
    sequence: 1,
    bodyFormat: 'json',
    finishedAt: new Date(0),
    durationMs: 1,
    status,
    httpStatus: status === 'error' ? 422 : 200,
    itemCount: 2,
    message: '',
    errors,
    successIds,
    deletedIds: [],
    notFoundIds: [],
    resolved: [],
    identifiers: [],
    identifierCount: 0,
    parts: 0,
    payload: '[]',
    payloadTruncated: false,
    storedPayload: null,
    tokenId: null,
    dryRun: false,
    expiresAt: new Date(0),
  } satisfies HistoryDocument;
}

function run(
  successIds: string[],
  errors: Record<string, Record<string, string>>,
  status: 'success' | 'error' | 'partial',
): DraftRun {
  const failed = Object.keys(errors).filter((key) => key !== '_request').length;
  return {
    successIds,
    answer: {
      httpStatus: status === 'error' ? 422 : 200,
      status,
      message: '',
      itemCount: 2,
      imported: successIds.length,
      failed,
      envelope: { status: status === 'error' ? 'error' : 'success', message: '', errors },
      resolved: [],
    },
  };
}

describe('comparing a recorded answer with a draft', () => {
  it('when an item failed then and is written now, and another the reverse, then both are named', () => {
    const then = record(['A'], [{ key: '[1]', label: 'Price', message: 'bad' }], 'partial');
    const now = run(['[1]'], { A: { Price: 'Expected a number' } }, 'partial');
    expect(itemChanges(then, now)).toEqual([
      { key: 'A', then: 'ok', now: 'error', errors: { Price: 'Expected a number' } },
      { key: '[1]', then: 'error', now: 'ok' },
    ]);
  });

  it('when the request now fails as a whole, then its valid items are not written, and the request key is no item', () => {
    const then = record(['A', 'B'], [], 'success');
    const now = run([], { _request: { funnel: 'inactive' } }, 'error');
    expect(itemChanges(then, now)).toEqual([
      { key: 'A', then: 'ok', now: 'not-written' },
      { key: 'B', then: 'ok', now: 'not-written' },
    ]);
    expect(recordedAnswer(then)).toMatchObject({ imported: 2, failed: 0 });
    expect(answersDiffer(recordedAnswer(then), now.answer, [])).toBe(true);
  });

  it('when nothing differs, then there is no change', () => {
    const then = record(['A'], [], 'success');
    const now = run(['A'], {}, 'success');
    const changes = itemChanges(then, now);
    expect(changes).toEqual([]);
    expect(answersDiffer(recordedAnswer(then), now.answer, changes)).toBe(false);
  });
});
