/** Compares a presented secret with the configured one without leaking, by timing, how much matched. */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Digests first, so that neither the length nor a common prefix shows in the time taken. */
export function sameSecret(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}
