/** `Retry-After` as a receiver sends it: whole seconds, or an HTTP date. */

const MAX_SECONDS = 7 * 24 * 3600;

/** Seconds to wait from `now`, or undefined when the header is absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_SECONDS);
  // Every HTTP date form starts with a weekday; this keeps "1.5" or "-3" from reading as dates.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, Math.ceil((at - now.getTime()) / 1000)), MAX_SECONDS);
}
