/** How figures read in the table: short, with their unit. */
import type { RecordSteps } from '../floor/records-beside';

export const count = (value: number) =>
  Math.round(value).toLocaleString('en-US', { maximumFractionDigits: 0 });

/** Milliseconds: one decimal under 10, none above; seconds from 10 s. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'never';
  if (value >= 10_000) return `${(value / 1_000).toFixed(1)} s`;
  return value < 10 ? `${value.toFixed(1)} ms` : `${count(value)} ms`;
}

/** Several times, "p50 / p95" style: "12 / 30 ms", the unit once where they share it. */
export function msList(values: readonly number[]): string {
  const texts = values.map(ms);
  const units = new Set(texts.map((text) => text.split(' ')[1]));
  if (units.size > 1) return texts.join(' / ');
  return `${texts.map((text) => text.split(' ')[0]).join(' / ')} ${[...units][0] ?? ''}`.trim();
}

export const times = (ratio: number) => `${ratio.toFixed(2)}×`;

export const perSecond = (value: number) => `${count(value)}/s`;

export const mb = (value: number) => `${Math.round(value)} MB`;

/** The steps of the floor that writes the records: "item 0.8 ms, change log 0.5 ms, ...". */
export function recordStepsText(steps: RecordSteps, items: 'item' | 'items'): string {
  return [
    `${items} ${ms(steps.items)}`,
    `change log ${ms(steps.changeLog)}`,
    `history ${ms(steps.history)}`,
    `commit ${ms(steps.commit)}`,
  ].join(', ');
}
