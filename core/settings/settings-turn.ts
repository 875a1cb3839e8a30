/**
 * A tenant's settings writes take turns (core/mongo/turns.ts): each runs in a transaction, with
 * the checks that read the tenant's other settings, so that what they found still holds when it
 * commits. A funnel is written only while its content type exists and fits its mappings; a
 * content type is deleted only while no funnel or content type uses it.
 */
import { documentId } from '../domain/names';
import { inTurn, type TurnCollections } from '../mongo/turns';
import type { Transactions } from '../mongo/transactions';

/**
 * The rules of a write about the tenant's other settings: run in the write's transaction, before
 * it; each throws to refuse the write. It may run more than once.
 */
export type SettingsChecks = () => Promise<void>;

export const NO_CHECKS: SettingsChecks = async () => {};

export class SettingsTurns {
  constructor(
    private readonly transactions: Transactions,
    private readonly db: TurnCollections,
  ) {}

  /** Runs `work` after `checks`, in the tenant's settings turn. */
  run<T>(tenant: string, checks: SettingsChecks, work: () => Promise<T>): Promise<T> {
    return inTurn(this.transactions, this.db, documentId(tenant, 'settings'), async () => {
      await checks();
      return work();
    });
  }
}
