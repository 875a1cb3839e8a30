/**
 * A collection whose commands take part in the transaction running where they are made
 * (transactions.ts), and run alone anywhere else. Work left running after its transaction ended
 * (a promise nobody awaited) runs alone too: the session is handed only while the transaction is
 * open.
 */
import type { mongo } from 'mongoose';
import { sessionOfRunningTransaction } from './transactions';

/** Where each command takes its options: the position of that argument. */
const OPTIONS_AT = new Map<PropertyKey, number>([
  ['find', 1],
  ['findOne', 1],
  ['aggregate', 1],
  ['countDocuments', 1],
  ['distinct', 2],
  ['insertOne', 1],
  ['insertMany', 1],
  ['bulkWrite', 1],
  ['updateOne', 2],
  ['updateMany', 2],
  ['replaceOne', 2],
  ['deleteOne', 1],
  ['deleteMany', 1],
  ['findOneAndUpdate', 2],
  ['findOneAndReplace', 2],
  ['findOneAndDelete', 1],
]);

export function joiningTransactions<T extends mongo.Document>(
  collection: mongo.Collection<T>,
): mongo.Collection<T> {
  return new Proxy(collection, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      const at = OPTIONS_AT.get(property);
      if (at === undefined || typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        const session = sessionOfRunningTransaction();
        if (!session) return Reflect.apply(value, target, args);
        const joined = [...args];
        joined[at] = { ...(args[at] as object | undefined), session };
        return Reflect.apply(value, target, joined);
      };
    },
  });
}
