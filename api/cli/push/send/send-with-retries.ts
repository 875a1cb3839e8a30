/**
 * One request, sent until it has a final answer or the retries are spent. The same bytes and
 * the same Idempotency-Key go every time, so a retry of a request the service took is a replay.
 */
import { RunStopped } from './push-errors';
import { retryDelayMs, type RetryPolicy } from './retry-policy';
import {
  messageOf,
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
    const outcome = await client.call(request).catch((error: unknown) => asError(error));
    const delayMs = retryDelayMs(outcome, retry, policy);
    if (delayMs === undefined) return outcome as ServiceAnswer;
    if (retry > policy.maxRetries) throw new RunStopped(gaveUp(request, outcome, retry));
    onRetry({ attempt: retry, delayMs, ...describe(outcome) });
    await policy.sleep(delayMs);
  }
}

function asError(error: unknown): Error {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message;
  const message = (error as Error).message ?? String(error);
  return new Error(detail ? `${message} (${detail})` : message);
}

function describe(outcome: ServiceAnswer | Error): { status?: number; error?: string } {
  return outcome instanceof Error ? { error: outcome.message } : { status: outcome.status };
}

function gaveUp(request: ServiceRequest, outcome: ServiceAnswer | Error, attempts: number): string {
  const last = outcome instanceof Error ? outcome.message : messageOf(outcome);
  return `${request.method} ${request.path}: no answer after ${attempts} attempts; last: ${last}`;
}
