/**
 * Structural checks of a funnel request body, done once in the API before a job is queued: JSON
 * (400), nesting (400), shape (400), item count (413). What the body means is the worker's
 * business; an empty body passes through, to fail validation there (rule 1,
 * docs/api-behaviour.md#request-rules).
 * A POST body is scanned, never parsed here: the worker parses it, and 10,000 items built twice
 * cost the API half its CPU and much of its memory.
 */
import { HttpError } from './http-error';
import { scanJsonStructure, type JsonStructure } from './json-structure';

export const MAX_JSON_DEPTH = 64;

export type FunnelMethod = 'POST' | 'DELETE';

export interface CheckedBody {
  /** Items (POST) or identifier groups (DELETE) in the body; 0 for an empty body. */
  count: number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A single object is one item; the scan has counted an array's. */
function checkItems(
  body: Extract<JsonStructure, { kind: 'object' | 'array' }>,
  maxItems: number,
): CheckedBody {
  if (body.kind === 'object') return checkCount(1, maxItems, 'items');
  if (body.firstNonObject >= 0) {
    throw new HttpError(400, `Item [${body.firstNonObject}] is not an object`);
  }
  return checkCount(body.items, maxItems, 'items');
}

export function checkCount(count: number, maxItems: number, what: string): CheckedBody {
  if (count > maxItems) {
    throw new HttpError(
      413,
      `The request holds ${count} ${what}; at most ${maxItems} are accepted`,
    );
  }
  return { count };
}

/** `{"identifiers": [...]}`, the shape of each entry of a DELETE body. */
export function isDeleteGroup(group: unknown): group is { identifiers: unknown[] } {
  return (
    isPlainObject(group) && Object.hasOwn(group, 'identifiers') && Array.isArray(group.identifiers)
  );
}

function checkDeleteGroup(group: unknown, where: string): void {
  if (!isDeleteGroup(group)) {
    throw new HttpError(400, `${where} must be an object with an "identifiers" array`);
  }
}

/** Identifier lists are parsed: counting identifiers needs them, and they are small. */
function checkDeleteGroups(raw: Buffer, maxItems: number): CheckedBody {
  // The scan has found valid JSON, so this does not throw.
  const body = JSON.parse(raw.toString('utf8')) as unknown;
  const entries: unknown[] = Array.isArray(body) ? body : [body];
  entries.forEach((group, index) =>
    checkDeleteGroup(group, Array.isArray(body) ? `Entry [${index}]` : 'The body'),
  );
  const identifiers = entries.reduce<number>(
    (sum, group) => sum + (group as { identifiers: unknown[] }).identifiers.length,
    0,
  );
  checkCount(identifiers, maxItems, 'identifiers');
  return { count: entries.length };
}

export function checkFunnelBody(method: FunnelMethod, raw: Buffer, maxItems: number): CheckedBody {
  const body = scanJsonStructure(raw, MAX_JSON_DEPTH);
  switch (body.kind) {
    case 'blank':
    case 'null':
      return { count: 0 };
    case 'too-deep':
      throw new HttpError(400, `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    case 'invalid':
      throw new HttpError(400, 'The request body is not valid JSON');
    case 'scalar':
      throw new HttpError(400, 'The request body must be an object or an array of objects');
  }
  return method === 'POST' ? checkItems(body, maxItems) : checkDeleteGroups(raw, maxItems);
}
