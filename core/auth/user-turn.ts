/**
 * The changes of one tenant's users take turns (core/mongo/turns.ts): each runs in a transaction
 * that first takes the tenant's user turn, so that the check "another active admin remains" and
 * the write it allows commit together, with no other change of the tenant's users between them
 * (docs/access.md#under-concurrency).
 */
import { documentId } from '../domain/names';
import type { Transactions } from '../mongo/transactions';
import { inTurn, type TurnCollections } from '../mongo/turns';

export class UserTurns {
  constructor(
    private readonly transactions: Transactions,
    private readonly db: TurnCollections,
  ) {}

  /** Runs `work` in the tenant's user turn; it may run more than once. */
  run<T>(tenant: string, work: () => Promise<T>): Promise<T> {
    return inTurn(this.transactions, this.db, documentId(tenant, 'users'), work);
  }
}
