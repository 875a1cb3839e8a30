/**
 * A re-drive. A failure is thrown back to BullMQ for its retry (a re-run goes on where the last
 * stopped); only the last attempt's failure, or one that would fail the same way again, ends the
 * re-drive here as failed, which lets the funnel start another.
 */
import { ForeignJobDataError } from '../../core/ingest/job-trust';
import type { RedriveServices } from '../../core/redrives/redrive-services';
import { runRedrive } from '../../core/redrives/run-redrive';
import { givesUp } from './gives-up';
import type { Processor } from './processor';

export const redriveProcessor =
  (redrives: RedriveServices): Processor<'redrive'> =>
  async (data, context) => {
    try {
      return await runRedrive(data, { ...context, redrives });
    } catch (error) {
      if (!givesUp(error, context)) throw error;
      // Another re-drive's data: nothing of it to end here.
      if (error instanceof ForeignJobDataError) throw error;
      const redrive = await redrives.records.find(data.tenant, data.redriveId);
      if (redrive && redrive.funnelId === data.funnelId) {
        const message = error instanceof Error ? error.message : String(error);
        await redrives.records.end(redrive, 'failed', new Date(), message);
      }
      return { state: 'failed' };
    }
  };
