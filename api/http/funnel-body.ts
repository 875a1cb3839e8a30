/**
 * Structural checks of a funnel request body (contract 3 and 4), done once in the API before a
 * job is queued: JSON (400), nesting (400), shape (400), item count (413). What the body means is
 * the worker's business; an empty body passes through, to fail validation there (spec rule 1).
 */
import { HttpError } from './http-error';
import { exceedsDepth } from './json-depth';

export const MAX_JSON_DEPTH = 64;

export type FunnelMethod = 'POST' | 'DELETE';

export interface CheckedBody {
  /** Items (POST) or identifier groups (DELETE) in the body; 0 for an empty body. */
  count: number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(raw: Buffer): unknown {
  if (exceedsDepth(raw, MAX_JSON_DEPTH)) {
    throw new HttpError(400, `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
}

function checkDeleteGroup(group: unknown, where: string): void {
  if (
    !isPlainObject(group) ||
    !Object.hasOwn(group, 'identifiers') ||
    !Array.isArray(group.identifiers)
  ) {
    throw new HttpError(400, `${where} must be an object with an "identifiers" array`);
  }
}

export function checkFunnelBody(method: FunnelMethod, raw: Buffer, maxItems: number): CheckedBody {
  if (raw.toString('utf8').trim() === '') return { count: 0 };
  const body = parse(raw);
  if (body === null) return { count: 0 };
  const entries = Array.isArray(body) ? body : [body];
  if (!Array.isArray(body) && !isPlainObject(body)) {
    throw new HttpError(400, 'The request body must be an object or an array of objects');
  }
  if (method === 'POST') {
    const bad = entries.findIndex((entry) => !isPlainObject(entry));
    if (bad >= 0) throw new HttpError(400, `Item [${bad}] is not an object`);
    if (entries.length > maxItems) {
      throw new HttpError(
        413,
        `The request holds ${entries.length} items; at most ${maxItems} are accepted`,
      );
    }
    return { count: entries.length };
  }
  entries.forEach((group, index) =>
    checkDeleteGroup(group, Array.isArray(body) ? `Entry [${index}]` : 'The body'),
  );
  const identifiers = entries.reduce<number>(
    (sum, group) => sum + (group as { identifiers: unknown[] }).identifiers.length,
    0,
  );
  if (identifiers > maxItems) {
    throw new HttpError(
      413,
      `The request holds ${identifiers} identifiers; at most ${maxItems} are accepted`,
    );
  }
  return { count: entries.length };
}
