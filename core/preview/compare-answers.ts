/**
 * A recorded answer beside the draft's: what the record says was answered then, and which items
 * changed outcome. An item is known by its key in the answer (its identifier as sent, or its
 * position), as `successIds` and `errors` name it.
 */
import type { HistoryDocument } from '../history/history-record';
import { fromStoredErrors } from '../history/history-record';
import { failedKeys, type DraftRun } from './run-draft';
import type { DraftAnswer, ItemChange, ItemOutcome, RecordedAnswer } from './preview-schema';

export function recordedAnswer(record: HistoryDocument): RecordedAnswer {
  return {
    httpStatus: record.httpStatus ?? 0,
    status: record.status,
    message: record.message,
    itemCount: record.itemCount,
    imported: record.successIds.length,
    failed: failedKeys(fromStoredErrors(record.errors)).length,
  };
}

interface Outcomes {
  ok: ReadonlySet<string>;
  error: ReadonlySet<string>;
}

const outcomeOf = (key: string, outcomes: Outcomes): ItemOutcome =>
  outcomes.ok.has(key) ? 'ok' : outcomes.error.has(key) ? 'error' : 'not-written';

/** The items whose outcome differs, in the order the record names them, then the draft's new ones. */
export function itemChanges(record: HistoryDocument, now: DraftRun): ItemChange[] {
  const thenErrors = failedKeys(fromStoredErrors(record.errors));
  const then: Outcomes = { ok: new Set(record.successIds), error: new Set(thenErrors) };
  const nowErrors = now.answer.envelope.errors ?? {};
  const current: Outcomes = { ok: new Set(now.successIds), error: new Set(failedKeys(nowErrors)) };
  const keys = new Set([...record.successIds, ...thenErrors, ...current.ok, ...current.error]);
  const changes: ItemChange[] = [];
  for (const key of keys) {
    const [was, is] = [outcomeOf(key, then), outcomeOf(key, current)];
    if (was === is) continue;
    const errors = Object.hasOwn(nowErrors, key) ? nowErrors[key] : undefined;
    changes.push({ key, then: was, now: is, ...(errors ? { errors: { ...errors } } : {}) });
  }
  return changes;
}

export function answersDiffer(then: RecordedAnswer, now: DraftAnswer, changes: ItemChange[]) {
  return then.httpStatus !== now.httpStatus || then.status !== now.status || changes.length > 0;
}
