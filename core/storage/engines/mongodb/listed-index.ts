/**
 * How an index the server lists compares with the one the service declares: the same key (fields,
 * order and directions), unique or not, TTL or not, and nothing the service does not ask for (a
 * sparse or partial index leaves documents out of reads that count on it).
 */
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
  if (listed.partialFilterExpression !== undefined) problems.push('partial');
  return problems.length > 0 ? problems.join(', ') : null;
}
