/**
 * Turns: a document that every transaction of one kind writes first, so that two of them at once
 * conflict and one runs again after the other committed. A rule that reads other documents than
 * those the transaction writes ("another admin remains", "no funnel uses this content type") then
 * holds at the commit: snapshot isolation alone lets two transactions that each read the other's
 * documents before they changed both commit (write skew).
 * docs/storage.md#what-runs-in-a-transaction
 */
import type { mongo } from 'mongoose';
import { isDuplicateKey } from './duplicate-key';
import { rerunTransaction, type Transactions } from './transactions';

interface TurnDocument {
  /** What takes turns: a tenant's settings, a tenant's users. */
  _id: string;
  taken: number;
}

export interface TurnCollections {
  turns: mongo.Collection<TurnDocument>;
}

/** Runs `work` in a transaction that first takes the turn `key`; it may run more than once. */
export function inTurn<T>(
  transactions: Transactions,
  db: TurnCollections,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  return transactions.run(async () => {
    await takeTurn(db, key);
    return work();
  });
}

async function takeTurn(db: TurnCollections, key: string): Promise<void> {
  try {
    await db.turns.updateOne({ _id: key }, { $inc: { taken: 1 } }, { upsert: true });
  } catch (error) {
    // The first turn of that key, taken by two at once: the other one's is there now.
    if (isDuplicateKey(error)) throw rerunTransaction(error);
    throw error;
  }
}
