/**
 * Polls until a condition holds, within a bound: how tests, the launcher and scripts wait for
 * something to happen without a fixed sleep deciding the outcome.
 */

export interface WaitOptions<T> {
  /** What is awaited, for the failure message: "the job to complete". */
  what: string;
  timeoutMs?: number;
  everyMs?: number;
  /** The last value seen, for the failure message; JSON by default. */
  describe?: (last: T) => string;
}

export class WaitTimeout extends Error {}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `probe` until `accept` holds for its answer, and returns that answer; throws WaitTimeout,
 * naming `what` and the last answer, once `timeoutMs` has passed.
 */
export async function waitUntil<T>(
  probe: () => T | Promise<T>,
  accept: (value: T) => boolean,
  options: WaitOptions<T>,
): Promise<T> {
  const { what, timeoutMs = 20_000, everyMs = 100 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await probe();
    if (accept(last)) return last;
    if (Date.now() >= deadline) {
      const shown = options.describe ? options.describe(last) : safeJson(last);
      throw new WaitTimeout(`waited ${timeoutMs} ms for ${what}; last seen: ${shown}`);
    }
    await sleep(everyMs);
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 500) ?? String(value);
  } catch {
    return String(value);
  }
}
