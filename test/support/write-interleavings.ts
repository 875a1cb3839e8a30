/**
 * The service's collections with their write commands steered, to test what a transaction keeps
 * whole: a process that dies between two writes, and two use cases that each read before either
 * writes.
 */
const WRITES = new Set<PropertyKey>([
  'insertOne',
  'insertMany',
  'bulkWrite',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
]);

type Collections = object;

/** `db` with `before(collection)` awaited before each of its write commands. */
function steered<T extends Collections>(db: T, before: (collection: string) => Promise<void>): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, collection] of Object.entries(db)) {
    wrapped[name] = new Proxy(collection as object, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (!WRITES.has(property) || typeof value !== 'function') return value;
        return async (...args: unknown[]): Promise<unknown> => {
          await before(name);
          return Reflect.apply(value, target, args) as unknown;
        };
      },
    });
  }
  return wrapped as T;
}

export const DIED = new Error('the process died between two writes');

/**
 * Once armed, the second write throws DIED, as a process dying there would. The writes of turns
 * (core/mongo/turns.ts) are not counted: they order a transaction, they are not what it guards.
 */
export function dyingAtSecondWrite<T extends Collections>(db: T): { db: T; arm(): void } {
  let writes: number | undefined;
  return {
    db: steered(db, (collection) => {
      if (writes === undefined || collection === 'turns') return Promise.resolve();
      writes += 1;
      return writes === 2 ? Promise.reject(DIED) : Promise.resolve();
    }),
    arm() {
      writes = 0;
    },
  };
}

/**
 * The first `count` writes made after `round()` wait for each other, then every write goes on.
 * `count` use cases run at once then each make their reads before the first of them writes: a
 * use case that checks a rule in some documents and writes others meets the interleaving that
 * breaks it (write skew), every round, instead of by chance. A transaction that takes a turn
 * first reaches its turn's write before its reads, and so orders itself.
 */
export function meetingWrites<T extends Collections>(db: T, count = 2): { db: T; round(): void } {
  let waiting: (() => void)[] = [];
  let arrived = count;
  return {
    db: steered(db, async () => {
      if (arrived >= count) return;
      arrived += 1;
      const met = new Promise<void>((resolve) => waiting.push(resolve));
      if (arrived === count) for (const release of waiting) release();
      await met;
    }),
    round() {
      waiting = [];
      arrived = 0;
    },
  };
}
