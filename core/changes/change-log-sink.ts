/**
 * Where the item store's changes go: into the tenant's change log, numbered, in the transaction
 * of the writes that made them; once it committed, whoever follows the log is told, without
 * waiting for it.
 */
import type { ItemChange, ItemChangeSink } from '../items/item-change';
import type { ChangeListener } from './change-listener';
import type { ChangeLogStore } from './change-log-store';
import type { NewChange } from './change-record';

export class ChangeLogSink implements ItemChangeSink {
  constructor(
    private readonly log: ChangeLogStore,
    private readonly listener: ChangeListener,
  ) {}

  async record(
    scope: { tenant: string; contentType: string },
    changes: readonly ItemChange[],
  ): Promise<() => void> {
    if (changes.length === 0) return () => undefined;
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
    return () => {
      if (head !== undefined) this.listener.changed(scope.tenant, head);
    };
  }
}
