/**
 * One request, sent until it has a final answer or the retries are spent. The same bytes and
 * the same Idempotency-Key go every time, so a retry of a request the service took is a replay.
 * A wait longer than the policy takes, or an answer that stops the run, ends it at once.
 */
import { RunStopped } from './push-errors';
import { retryDelayMs, type RetryPolicy } from './retry-policy';
import {
  messageOf,
  NoAnswerInTime,
  type ServiceAnswer,
  type ServiceClient,
  type ServiceRequest,
} from './service-client';

export interface RetryNotice {
  attempt: number;
  delayMs: number;
  status?: number;
  error?: string;
}

export async function sendWithRetries(
  client: ServiceClient,
  request: ServiceRequest,
  policy: RetryPolicy,
  onRetry: (notice: RetryNotice) => void,
): Promise<ServiceAnswer> {
  for (let retry = 1; ; retry++) {
    const outcome = await client.call(request).catch((error: unknown) => {
      if (error instanceof RunStopped) throw error;
      return asError(error);
    });
    const delayMs = retryDelayMs(outcome, retry, policy);
    if (delayMs === undefined) return outcome as ServiceAnswer;
    if (retry > policy.maxRetries) throw new RunStopped(gaveUp(request, outcome, retry));
    if (!(outcome instanceof Error) && delayMs > policy.maxRetryAfterMs) {
      throw new RunStopped(waitTooLong(request, outcome, policy));
    }
    onRetry({ attempt: retry, delayMs, ...describe(outcome) });
    await policy.sleep(delayMs);
  }
}

function asError(error: unknown): Error {
  // Its message says it all: its cause is only the abort.
  if (error instanceof NoAnswerInTime) return error;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message;
  const message = (error as Error).message ?? String(error);
  return new Error(detail ? `${message} (${detail})` : message);
}

function describe(outcome: ServiceAnswer | Error): { status?: number; error?: string } {
  return outcome instanceof Error ? { error: outcome.message } : { status: outcome.status };
}

function waitTooLong(request: ServiceRequest, answer: ServiceAnswer, policy: RetryPolicy): string {
  return (
    `${request.label}: the service asks to wait before sending it again ` +
    `(Retry-After: ${answer.headers.get('retry-after')}), longer than the ` +
    `${policy.maxRetryAfterMs / 1000} s a push waits; run it again later (--resume sends only ` +
    'what is left)'
  );
}

function gaveUp(request: ServiceRequest, outcome: ServiceAnswer | Error, attempts: number): string {
  const last = outcome instanceof Error ? outcome.message : messageOf(outcome);
  return `${request.label}: no answer after ${attempts} attempts; last: ${last}`;
}
