/**
 * Where the item store's changes go: into the tenant's change log, numbered; then whoever follows
 * the log is told, without waiting for it.
 */
import type { ChangeRecording, ItemChangeSink } from '../items/item-change';
import type { ChangeListener } from './change-listener';
import type { ChangeLogStore } from './change-log-store';
import type { NewChange } from './change-record';

export class ChangeLogSink implements ItemChangeSink {
  constructor(
    private readonly log: ChangeLogStore,
    private readonly listener: ChangeListener,
  ) {}

  /**
   * Reads where the log goes on while the writes run, rather than after them: one round trip
   * less between a write and its answer. A guess only, as any: an append that collides goes on
   * after the batches written meanwhile.
   */
  begin(scope: { tenant: string; contentType: string }): ChangeRecording {
    const after = this.log.appendAfter(scope.tenant);
    // Awaited only when there are changes to record, which its failure then fails: not left
    // unhandled when there are none.
    after.catch(() => undefined);
    return {
      record: async (changes) => {
        if (changes.length === 0) return;
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
          await after,
        );
        const head = written.at(-1)?.seq;
        if (head !== undefined) this.listener.changed(scope.tenant, head);
      },
    };
  }
}
