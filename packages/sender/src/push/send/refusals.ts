/**
 * Answers that end the run whatever request got them: no batch can succeed after the token is
 * refused or the funnel is not there.
 */
import { RunStopped } from './push-errors';
import { messageOf, type ServiceAnswer } from './service-client';

const STOPPING: Record<number, string> = {
  401: 'the token was refused (401)',
  403: 'the token may not do this (403: it needs the ability and manage_funnels)',
  404: 'not found (404)',
};

export function stopIfRefused(answer: ServiceAnswer): void {
  const reason = STOPPING[answer.status];
  if (reason) throw new RunStopped(`${reason}: ${messageOf(answer)}`);
}
