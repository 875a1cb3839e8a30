/**
 * Where the item store's changes go: into the tenant's change log, numbered, in the transaction
 * of the writes that made them, with the diffs of the updates beside them (change-diffs.ts); once
 * it committed, whoever follows the log is told, without waiting for it.
 */
import type { ItemChange, ItemChangeSink } from '../items/item-change';
import { inSpan } from '../platform/tracing/spans';
import { traceField } from '../platform/tracing/trace-carrier';
import type { ChangeDiffs, NumberedDiff } from './change-diffs';
import type { ChangeListener } from './change-listener';
import type { ChangeLogStore } from './change-log-store';
import type { ChangeRecord, NewChange } from './change-record';

export class ChangeLogSink implements ItemChangeSink {
  constructor(
    private readonly log: ChangeLogStore,
    private readonly listener: ChangeListener,
    private readonly diffs: ChangeDiffs,
  ) {}

  async record(
    scope: { tenant: string; contentType: string },
    changes: readonly ItemChange[],
  ): Promise<() => void> {
    if (changes.length === 0) return () => undefined;
    const at = new Date();
    const counts = { 'funnel_sync.changes.count': changes.length };
    const written = await inSpan('write change log', counts, async () => {
      const { trace } = traceField();
      const appended = await this.log.append(
        scope.tenant,
        changes.map((change): NewChange => ({
          event: change.event,
          contentType: scope.contentType,
          identifier: change.identifier,
          version: change.version,
          at,
          ...(trace ? { trace } : {}),
        })),
      );
      await this.diffs.record(scope.tenant, numberedDiffs(changes, appended), at);
      return appended;
    });
    const head = written.at(-1)?.seq;
    return () => {
      if (head !== undefined) this.listener.changed(scope.tenant, head);
    };
  }
}

/** The changes' diffs with the numbers the log gave them (in the order given). */
function numberedDiffs(
  changes: readonly ItemChange[],
  written: readonly ChangeRecord[],
): NumberedDiff[] {
  return changes.flatMap((change, i) => {
    const record = written[i];
    if (!change.diff || !record) return [];
    const { seq, contentType, identifier, version } = record;
    return [{ seq, contentType, identifier, version, diff: change.diff }];
  });
}
