/**
 * How many cases a property test tries: the runs it is given at full strength, times
 * PROPERTY_RUNS_SCALE. Unset, a quick tenth keeps `npm test` short; CI sets 1 (full strength) or
 * more. Every test scales alike, so their relative weights stay as written.
 */
const QUICK_SCALE = 0.1;

function scale(): number {
  const raw = process.env.PROPERTY_RUNS_SCALE;
  if (raw === undefined || raw.trim() === '') return QUICK_SCALE;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`PROPERTY_RUNS_SCALE must be a positive number, got "${raw}"`);
  }
  return value;
}

/** The runs for a property whose full strength is `fullRuns`; at least one. */
export function propertyRuns(fullRuns: number): number {
  return Math.max(1, Math.ceil(fullRuns * scale()));
}
