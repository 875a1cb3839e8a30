/**
 * The first change of a tenant at or after a time, for a replay `since`. Changes are numbered
 * in the order they were written, so their times grow with `seq` (up to the few milliseconds
 * by which parallel writers may disagree): a binary search over point reads finds it.
 */
import type { ChangeLogReader } from '../../changes/change-log';

/** The `seq` to replay after: every change from it + 1 on was written at `since` or later. */
export async function seqBefore(
  changeLog: ChangeLogReader,
  tenant: string,
  since: Date,
): Promise<number> {
  let low = 0;
  let high = await changeLog.head(tenant);
  // Invariant: changes up to `low` are before `since`; the change `high` + 1 is not.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const [found] = await changeLog.readAfter(tenant, middle - 1, 1);
    if (found && found.at < since) low = middle;
    else high = middle - 1;
  }
  return low;
}
