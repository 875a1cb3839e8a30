/**
 * Which items of a recorded POST body its errors name, found the way the worker keyed them
 * (mapper.ts `sentKeys`): an item without a usable identifier by its position, `[i]`; one with an
 * identifier by it, the last item sent with it, as duplicates fold last-wins. Keys that no item
 * has any more (the identifier mapping changed since the request) are kept apart, so that their
 * errors are not lost.
 */
import type { SentKey } from '../domain/mapper';
import type { BodyItem } from './body-items';
import { rejectedRowLine } from './rejected-row-line';

export type KeyOf = (item: unknown, index: number) => SentKey;

export interface RejectedItems {
  /** Position -> key, for each item that failed. */
  at: Map<number, string>;
  /** Failed keys no item of the body has, in the order of `errors`. */
  unplaced: string[];
}

/** A text the worker parsed; should it not parse, it is an item without an identifier. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function locateRejected(
  items: AsyncIterable<BodyItem>,
  keyOf: KeyOf,
  failed: readonly string[],
): Promise<RejectedItems> {
  const wanted = new Set(failed);
  const at = new Map<number, string>();
  const lastWithIdentifier = new Map<string, number>();
  for await (const { index, text } of items) {
    const { key, identified } = keyOf(parsed(text), index);
    if (!wanted.has(key)) continue;
    if (identified) lastWithIdentifier.set(key, index);
    else at.set(index, key);
  }
  for (const [key, index] of lastWithIdentifier) at.set(index, key);
  const placed = new Set(at.values());
  return { at, unplaced: failed.filter((key) => !placed.has(key)) };
}

/** The rejected rows as NDJSON lines: the items in the order sent, then the unplaced keys. */
export async function* rejectedLines(
  items: AsyncIterable<BodyItem>,
  located: RejectedItems,
  errorsOf: (key: string) => Readonly<Record<string, string>>,
): AsyncGenerator<string> {
  let left = located.at.size;
  if (left > 0) {
    for await (const { index, text } of items) {
      const key = located.at.get(index);
      if (key === undefined) continue;
      yield rejectedRowLine(text, { key, position: index, errors: errorsOf(key) });
      // The rest of the body holds no rejected row: it is not read.
      if (--left === 0) break;
    }
  }
  for (const key of located.unplaced) {
    yield rejectedRowLine(undefined, { key, position: null, errors: errorsOf(key) });
  }
}
