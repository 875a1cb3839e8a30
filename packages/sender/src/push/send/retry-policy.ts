/**
 * When a request is sent again, and after how long: 429 and 503 after their `Retry-After`,
 * network errors (a timeout among them) and other 5xx after a capped exponential backoff with
 * full jitter. Nothing else is sent again: a 4xx is the service's answer. A `Retry-After` longer
 * than `maxRetryAfterMs` is not waited out: the caller stops the run instead.
 */
import type { ServiceAnswer } from './service-client';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest `Retry-After` waited out. */
  maxRetryAfterMs: number;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

export function defaultRetryPolicy(maxRetries: number): RetryPolicy {
  return {
    maxRetries,
    baseDelayMs: 500,
    maxDelayMs: 30_000,
    maxRetryAfterMs: 5 * 60_000,
    random: Math.random,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: Date.now,
  };
}

/** The pause before retry number `retry` (from 1), or undefined when the outcome is final. */
export function retryDelayMs(
  outcome: ServiceAnswer | Error,
  retry: number,
  policy: RetryPolicy,
): number | undefined {
  if (outcome instanceof Error) return backoffMs(retry, policy);
  if (outcome.status === 429 || outcome.status === 503) {
    return retryAfterMs(outcome.headers.get('retry-after'), policy) ?? backoffMs(retry, policy);
  }
  if (outcome.status >= 500) return backoffMs(retry, policy);
  return undefined;
}

function backoffMs(retry: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(policy.random() * ceiling);
}

/**
 * Seconds, or an HTTP date (which has a weekday's or month's name); a value that is neither falls
 * back to the backoff. Too many digits for a number are an infinite wait, never a short one.
 */
function retryAfterMs(header: string | null, policy: RetryPolicy): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - policy.now());
}
