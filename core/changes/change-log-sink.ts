/**
 * Where the item store's changes go: the items' states into the recent states (where they are
 * kept, and while the listener follows the tenant), then the changes into the tenant's change
 * log, numbered; then whoever follows the log is told, without waiting for it.
 */
import type { ItemChange, ItemChangeSink } from '../items/item-change';
import type { ChangeListener } from './change-listener';
import type { ChangeLogStore } from './change-log-store';
import type { NewChange } from './change-record';
import type { RecentItemStates } from './recent-item-states';

export class ChangeLogSink implements ItemChangeSink {
  constructor(
    private readonly log: ChangeLogStore,
    private readonly listener: ChangeListener,
    private readonly recent?: RecentItemStates,
  ) {}

  async record(
    scope: { tenant: string; contentType: string },
    changes: ItemChange[],
  ): Promise<void> {
    if (changes.length === 0) return;
    // First: a reader that finds a change in the log then finds its state too.
    if (this.recent && (await this.followed(scope.tenant))) {
      await this.recent.remember(scope, changes);
    }
    const at = new Date();
    const written = await this.log.append(
      scope.tenant,
      changes.map((change): NewChange => ({
        event: change.event,
        contentType: scope.contentType,
        identifier: change.identifier,
        version: change.version,
        at,
      })),
    );
    const head = written.at(-1)?.seq;
    if (head !== undefined) this.listener.changed(scope.tenant, head);
  }

  /** Not knowing counts as followed: a state kept in vain only costs memory for a while. */
  private followed(tenant: string): Promise<boolean> {
    return this.listener.follows(tenant).catch(() => true);
  }
}
