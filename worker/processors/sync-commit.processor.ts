/**
 * A full sync's commit. A failure is thrown back to BullMQ for its retry (a re-run goes on where
 * the last stopped); only the last attempt's failure, or one that would fail the same way again,
 * ends the commit here, with the sync open again.
 */
import { abandonCommit } from '../../core/syncs/commit-outcome';
import { carryOutCommit } from '../../core/syncs/carry-out-commit';
import { syncCommitContext } from '../../core/syncs/sync-services';
import { givesUp } from './gives-up';
import type { Processor } from './processor';

export const syncCommitProcessor: Processor<'sync-commit'> = async (data, context) => {
  const commitContext = syncCommitContext(context);
  try {
    return await carryOutCommit(data, commitContext);
  } catch (error) {
    if (!givesUp(error, context)) throw error;
    return abandonCommit(data, commitContext, error);
  }
};
