/**
 * Structural checks of an NDJSON funnel body (docs/api-behaviour.md#request-bodies), the same as
 * for a JSON body and as cheap: each line is scanned by json-structure.ts, never parsed, except a
 * DELETE's lines (counting identifiers needs them, and they are small). The first bad line is
 * named (400); then the count (413).
 *
 * Lines end at LF. Blank lines at the end are let through; a blank line before a value is refused,
 * so that line i (from 0) is item i. The worker reads lines by the same rule
 * (core/domain/ndjson-body.ts).
 */
import { MESSAGES } from '../../core/domain/messages';
import {
  checkCount,
  isDeleteGroup,
  MAX_JSON_DEPTH,
  type CheckedBody,
  type FunnelMethod,
} from './funnel-body';
import { HttpError } from './http-error';
import { LF } from './json-bytes';
import { scanJsonStructure, type JsonStructure } from './json-structure';

/** Throws the 400 unless line `index` (from 0) is a value the method takes; a DELETE's identifiers. */
function checkLine(
  method: FunnelMethod,
  line: Buffer,
  structure: JsonStructure,
  index: number,
): unknown[] | undefined {
  const number = index + 1;
  if (structure.kind === 'too-deep') {
    throw new HttpError(400, MESSAGES.ndjsonTooDeep(number, MAX_JSON_DEPTH));
  }
  if (structure.kind === 'invalid') throw new HttpError(400, MESSAGES.ndjsonNotJson(number));
  if (method === 'POST') {
    if (structure.kind !== 'object') throw new HttpError(400, MESSAGES.ndjsonNotAnObject(number));
    return undefined;
  }
  // The scan has found valid JSON, so this does not throw.
  const group = structure.kind === 'object' ? (JSON.parse(line.toString('utf8')) as unknown) : null;
  if (!isDeleteGroup(group)) throw new HttpError(400, MESSAGES.ndjsonNotAGroup(number));
  return group.identifiers;
}

export function checkNdjsonBody(method: FunnelMethod, raw: Buffer, maxItems: number): CheckedBody {
  let values = 0;
  let identifiers = 0;
  /** The first blank line since the last value: refused if a value follows it. */
  let pendingBlank = -1;
  for (let start = 0, index = 0; start < raw.length; index++) {
    const newline = raw.indexOf(LF, start);
    const end = newline < 0 ? raw.length : newline;
    const line = raw.subarray(start, end);
    start = end + 1;
    const structure = scanJsonStructure(line, MAX_JSON_DEPTH);
    if (structure.kind === 'blank') {
      if (pendingBlank < 0) pendingBlank = index;
      continue;
    }
    if (pendingBlank >= 0) throw new HttpError(400, MESSAGES.ndjsonEmptyLine(pendingBlank + 1));
    identifiers += checkLine(method, line, structure, index)?.length ?? 0;
    values++;
  }
  if (method === 'POST') return checkCount(values, maxItems, 'items');
  checkCount(identifiers, maxItems, 'identifiers');
  return { count: values };
}
