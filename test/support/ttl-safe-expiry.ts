/**
 * An `expiresAt` for fixtures dated in the past. The engine's TTL job deletes a document whose
 * `expiresAt` has passed whenever it next runs, which may be in the middle of a test: a record
 * received in 2024 and kept 30 days from its receipt could vanish between two assertions.
 */
export function ttlSafeExpiry(): Date {
  return new Date(Date.now() + 30 * 86_400_000);
}
