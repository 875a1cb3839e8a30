/**
 * Emits a `progress` event every `intervalMs` from the running totals: items per second since
 * the start and, when the share of the input done is known, the time left at that pace.
 */
import type { PushEvent, Reporter, Totals } from './push-events';

export function startProgressTicker(
  reporter: Reporter,
  totals: Totals,
  fractionDone: () => number | undefined,
  intervalMs: number,
  now: () => number = Date.now,
): { stop(): void; emitNow(): void } {
  const startedAt = now();
  const emitNow = () => reporter.emit(progressEvent(totals, fractionDone(), now() - startedAt));
  const timer = setInterval(emitNow, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), emitNow };
}

function progressEvent(totals: Totals, fraction: number | undefined, elapsedMs: number): PushEvent {
  const seconds = Math.max(elapsedMs / 1000, 0.001);
  const event: PushEvent = { event: 'progress', ...totals, itemsPerSecond: totals.sent / seconds };
  if (fraction !== undefined && fraction > 0) {
    event.fraction = Math.min(1, fraction);
    event.etaSeconds = (seconds * (1 - event.fraction)) / event.fraction;
  }
  return event;
}
