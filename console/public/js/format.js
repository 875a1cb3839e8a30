/**
 * How numbers, times and durations read in the console: in the browser's locale and zone, a
 * date and time with its zone named ("UTC", "GMT+2"), since the people reading a log are not
 * always in the zone of whoever they share it with.
 */
import { h } from './dom.js';

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' });
const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const NUMBER = new Intl.NumberFormat();

export const formatDateTime = (iso) => DATE_TIME.format(new Date(iso));
export const formatTime = (date) => TIME.format(date);
export const formatNumber = (value) => NUMBER.format(value);

/** The browser's time zone, as an IANA name ("Europe/Paris"), that times are shown in. */
export const timeZone = () => DATE_TIME.resolvedOptions().timeZone;

/** A <time> element: readable text, exact ISO value for machines. "—" when there is none. */
export function timeElement(iso) {
  return iso ? h('time', { datetime: iso, title: iso }, formatDateTime(iso)) : '—';
}

export function formatDuration(ms) {
  if (ms === null || ms === undefined) return '—';
  return ms < 1000 ? `${formatNumber(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function formatPercent(part, whole) {
  return whole === 0 ? '—' : `${Math.round((100 * part) / whole)}%`;
}

/** "1 request", "3 requests". */
export function count(value, singular, plural = `${singular}s`) {
  return `${formatNumber(value)} ${value === 1 ? singular : plural}`;
}
