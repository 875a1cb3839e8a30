/**
 * How an index the server lists compares with the one the service declares: the same key (fields,
 * order and directions), unique or not, TTL or not, partial on the declared field or not, and
 * nothing the service does not ask for (a sparse index, or another partial filter, leaves
 * documents out of reads that count on them).
 */
import { isDeepStrictEqual } from 'node:util';
import type { ServiceIndex } from '../../indexes';

/** An index as `listIndexes` answers it. */
export interface ListedIndex {
  name: string;
  key: Record<string, unknown>;
  unique?: boolean;
  expireAfterSeconds?: number;
  sparse?: boolean;
  partialFilterExpression?: unknown;
}

const keyText = (key: Record<string, unknown>): string =>
  `{ ${Object.entries(key)
    .map(([field, direction]) => `${field}: ${String(direction)}`)
    .join(', ')} }`;

/** The partial filter of an index of the documents that hold `field`. */
export function partialFilterOf(field: string): Record<string, { $exists: true }> {
  return { [field]: { $exists: true } };
}

export function sameKey(index: ServiceIndex, listed: ListedIndex): boolean {
  const wanted = Object.entries(index.key);
  const held = Object.entries(listed.key);
  return (
    wanted.length === held.length &&
    wanted.every(([field, direction], i) => {
      const [heldField, heldDirection] = held[i] ?? [];
      // A server may answer 1 as a double or a long: compared as numbers.
      return heldField === field && Number(heldDirection) === direction;
    })
  );
}

/** What differs between the declared index and the listed one of its name; null: nothing. */
export function mismatchOf(index: ServiceIndex, listed: ListedIndex): string | null {
  const problems: string[] = [];
  if (!sameKey(index, listed)) problems.push(`key ${keyText(listed.key)}`);
  if (Boolean(index.unique) !== Boolean(listed.unique))
    problems.push(index.unique ? 'not unique' : 'unique');
  const ttl = listed.expireAfterSeconds;
  if (index.expires && ttl !== 0)
    problems.push(ttl === undefined ? 'no TTL' : `TTL of ${ttl} s after expiresAt`);
  if (!index.expires && ttl !== undefined) problems.push(`a TTL of ${ttl} s`);
  if (listed.sparse) problems.push('sparse');
  const filter = listed.partialFilterExpression;
  if (index.onlyWith && !isDeepStrictEqual(filter, partialFilterOf(index.onlyWith)))
    problems.push(filter === undefined ? 'not partial' : `partial on ${JSON.stringify(filter)}`);
  if (!index.onlyWith && filter !== undefined) problems.push('partial');
  return problems.length > 0 ? problems.join(', ') : null;
}
