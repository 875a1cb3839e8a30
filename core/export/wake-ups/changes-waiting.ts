/** Whether an export's dispatch has work: changes after its cursor, a replay or a resync. */
import type { ChangeLogReader } from '../../changes/change-log';
import type { ExportDocument } from '../export-record';

export async function hasChangesWaiting(
  exp: ExportDocument,
  changeLog: ChangeLogReader,
): Promise<boolean> {
  if (exp.forming) return true;
  if (exp.replay && exp.replay.next < exp.replay.to) return true;
  if (exp.resync?.state === 'running') return true;
  return (await changeLog.head(exp.tenant)) > exp.cursor;
}
