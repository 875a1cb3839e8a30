/**
 * The server-side time limit (`maxTimeMS`) of every read the service sends through its
 * collections (docs/storage.md#timeouts-and-read-preference). The driver has no client-wide
 * setting for it, so each collection hands it to its reads unless a read names its own.
 */
import type { Connection, mongo } from 'mongoose';

/** Where each read method takes its options: the position of that argument. */
const READ_OPTIONS_AT = new Map<PropertyKey, number>([
  ['find', 1],
  ['findOne', 1],
  ['aggregate', 1],
  ['countDocuments', 1],
  ['distinct', 2],
  ['estimatedDocumentCount', 0],
]);

/** For a scan whose length grows with the data (a sync's commit): no limit. */
export const UNBOUNDED_SCAN = { maxTimeMS: 0 } as const;

const limits = new WeakMap<Connection, number>();

export function setQueryTimeLimit(connection: Connection, maxTimeMS: number): void {
  limits.set(connection, maxTimeMS);
}

export function queryTimeLimitOf(connection: Connection): number | undefined {
  return limits.get(connection);
}

function withLimit(options: unknown, maxTimeMS: number): unknown {
  const given = (options ?? {}) as { maxTimeMS?: unknown };
  return given.maxTimeMS === undefined ? { ...given, maxTimeMS } : given;
}

export function withQueryTimeLimit<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  maxTimeMS: number,
): mongo.Collection<T> {
  return new Proxy(collection, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      const at = READ_OPTIONS_AT.get(property);
      if (at === undefined || typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        const limited = [...args];
        limited[at] = withLimit(args[at], maxTimeMS);
        return Reflect.apply(value, target, limited);
      };
    },
  });
}
