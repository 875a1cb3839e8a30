/**
 * What a funnel POST's answer says about each row it carried (docs/api-behaviour.md: "Error
 * keys", "Partial validation and all-or-nothing"). `errors` keys a failed item by its
 * identifier as sent, or by `[i]`, i its zero-based position in the request, and `_request`
 * fails every item. A 200 may still carry `errors` (a partial success): the rows they name
 * failed, the others were imported. A 422 wrote nothing: every row failed, those without an
 * error of their own because another item failed the request (all or nothing).
 */
import { rowsOf } from '../input/batch-rows';
import type { Batch, SourceRow } from '../push-types';
import type { IdentifierReader } from './row-identifier';
import { messageOf, type ServiceAnswer } from './service-client';

export type ErrorMap = Record<string, Record<string, string>>;

interface RowFailure {
  row: SourceRow;
  /** The service's error map for this row; empty when the row failed only by its company. */
  errors: Record<string, string>;
  /** Why a row failed without an error of its own. */
  note?: string;
}

export interface BatchOutcome {
  imported: number;
  failures: RowFailure[];
  /** Failed rows with no error of their own: valid, not written because the batch failed. */
  notWritten: number;
  /** Identifier keys no row could be matched to (no identifier reader): the rows are uncertain. */
  unplacedKeys: string[];
}

const POSITION_KEY = /^\[(0|[1-9]\d*)\]$/;
const NOT_WRITTEN = 'not written: another item failed and the funnel imports all or nothing';
const UNPLACED = 'may have failed: its identifier is unknown to this client (pass --id-path)';

export function outcomeOf(
  batch: Batch,
  answer: ServiceAnswer,
  readIdentifier: IdentifierReader | undefined,
): BatchOutcome {
  const errors = errorsOf(answer);
  if (answer.status === 200 && !errors)
    return { imported: batch.positions.length, failures: [], notWritten: 0, unplacedKeys: [] };
  // Only an answer with failures needs the rows themselves.
  const rows = rowsOf(batch);
  const allFailed = answer.status !== 200;
  const map = errors ?? { _request: { [`HTTP ${answer.status}`]: messageOf(answer) } };
  if (map._request) return failEveryRow(rows, map._request);

  const own = new Map<number, Record<string, string>>();
  const unplacedKeys: string[] = [];
  const byIdentifier = readIdentifier ? rowsByIdentifier(rows, readIdentifier) : undefined;
  for (const [key, fields] of Object.entries(map)) {
    const position = POSITION_KEY.exec(key);
    const placed = position ? [Number(position[1])] : byIdentifier?.get(key);
    if (!placed || placed.length === 0 || placed.some((at) => at >= rows.length)) {
      unplacedKeys.push(key);
      continue;
    }
    for (const at of placed) own.set(at, { ...own.get(at), ...fields });
  }
  const imported = successIdsOf(answer);
  const failures: RowFailure[] = [];
  rows.forEach((row, at) => {
    const fields = own.get(at);
    if (fields) failures.push({ row, errors: fields });
    else if (allFailed) failures.push({ row, errors: {}, note: noteFor(unplacedKeys) });
    else if (unplacedKeys.length > 0 && !imported.has(readIdentifier?.(row.row) ?? '')) {
      failures.push({ row, errors: {}, note: UNPLACED });
    }
  });
  const notWritten = failures.filter((failure) => failure.note === NOT_WRITTEN).length;
  return { imported: rows.length - failures.length, failures, notWritten, unplacedKeys };
}

function noteFor(unplacedKeys: readonly string[]): string {
  return unplacedKeys.length > 0 ? UNPLACED : NOT_WRITTEN;
}

function failEveryRow(rows: readonly SourceRow[], fields: Record<string, string>): BatchOutcome {
  const failures = rows.map((row) => ({ row, errors: fields }));
  return { imported: 0, failures, notWritten: 0, unplacedKeys: [] };
}

function errorsOf(answer: ServiceAnswer): ErrorMap | undefined {
  const errors = (answer.body as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === 'object' ? (errors as ErrorMap) : undefined;
}

/** On a partial success, the identifiers (as sent) of the items written. */
function successIdsOf(answer: ServiceAnswer): Set<string> {
  const ids = (answer.body as { data?: { successIds?: unknown } } | undefined)?.data?.successIds;
  return new Set(Array.isArray(ids) ? ids.map(String) : []);
}

/** Duplicates fold in the service (the last wins); an error under their key names them all. */
function rowsByIdentifier(
  rows: readonly SourceRow[],
  read: IdentifierReader,
): Map<string, number[]> {
  const found = new Map<string, number[]>();
  rows.forEach((row, at) => {
    const identifier = read(row.row);
    if (identifier !== undefined) found.set(identifier, [...(found.get(identifier) ?? []), at]);
  });
  return found;
}
