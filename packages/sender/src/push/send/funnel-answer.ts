/**
 * Funnel answers that stop the run rather than fail a batch's rows: no batch can do better
 * after the token is refused, the funnel is gone, or the sync is closed or expired.
 */
import { RunStopped } from './push-errors';
import { stopIfRefused } from './refusals';
import { messageOf, type ServiceAnswer } from './service-client';

export function stopIfRunCannotGoOn(answer: ServiceAnswer, syncId: string | undefined): void {
  stopIfRefused(answer);
  if (syncId && (answer.status === 409 || answer.status === 410)) {
    throw new RunStopped(`the sync ${syncId} takes no more requests: ${messageOf(answer)}`);
  }
}
