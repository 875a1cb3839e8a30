/**
 * Checks that a mapped value already has the type of its target (contract 2 and 3): nothing is
 * coerced, so `"12"` is not a number and `1` is not a boolean. Used for properties and for system
 * fields alike (a system field is text, media or a reference).
 */
import type { PROPERTY_TYPES } from '../settings/content-type';
import { isWellFormed, normalizeIdentifier } from './identifier';
import { MESSAGES } from './messages';

export type PropertyType = (typeof PROPERTY_TYPES)[number];

/**
 * What a value must be. A content type's Property and a system field's spec both fit, so the
 * mapper passes them as they are.
 */
export type ValueSpec =
  | { type: Exclude<PropertyType, 'enum'>; multiple?: boolean }
  | { type: 'enum'; options: readonly string[]; multiple?: boolean };

export type ValueResult = { ok: true; value: unknown } | { ok: false; message: string };

type SingleSpec =
  { type: Exclude<PropertyType, 'enum'> } | { type: 'enum'; options: readonly string[] };

const ok = (value: unknown): ValueResult => ({ ok: true, value });
const fail = (message: string): ValueResult => ({ ok: false, message });

/**
 * A date (`2024-01-31`) or a date-time with seconds and fraction optional and a zone required
 * (`2024-01-31T09:30Z`, `2024-01-31T09:30:15.250+01:00`). ISO 8601 extended format, as RFC 3339
 * profiles it; a date-time without a zone is refused, as its instant would be a guess.
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2})))?$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function validateDate(value: unknown): ValueResult {
  if (typeof value !== 'string') return fail(MESSAGES.expectedDate);
  const match = ISO_DATE.exec(value);
  if (match === null) return fail(MESSAGES.expectedDate);
  const [, year, month, day, hour, minute, second, offsetHour, offsetMinute] = match.map((part) =>
    part === undefined ? 0 : Number(part),
  );
  const real =
    month !== undefined &&
    month >= 1 &&
    month <= 12 &&
    day !== undefined &&
    day >= 1 &&
    day <= daysInMonth(year ?? 0, month) &&
    (hour ?? 0) <= 23 &&
    (minute ?? 0) <= 59 &&
    (second ?? 0) <= 59 &&
    (offsetHour ?? 0) <= 23 &&
    (offsetMinute ?? 0) <= 59;
  return real ? ok(value) : fail(MESSAGES.noSuchDate);
}

/** A text value longer than this (UTF-16 units) is refused: a field, not a document store. */
export const TEXT_MAX_LENGTH = 65_536;
/** URLs are bounded as browsers and servers bound them. */
export const URL_MAX_LENGTH = 8_192;

const URL_START = /^https?:\/\//i;
/** White space and controls, which the URL parser would drop or encode without a word. */
// eslint-disable-next-line no-control-regex
const URL_UNSAFE = /[\s\u0000-\u001f\u007f-\u009f]/;

function validateMedia(value: unknown): ValueResult {
  if (typeof value !== 'string' || !URL_START.test(value) || URL_UNSAFE.test(value)) {
    return fail(MESSAGES.expectedUrl);
  }
  if (value.length > URL_MAX_LENGTH) return fail(MESSAGES.textTooLong(URL_MAX_LENGTH));
  if (!isWellFormed(value)) return fail(MESSAGES.invalidUnicode);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(MESSAGES.expectedUrl);
  }
  const web = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  return web ? ok(value) : fail(MESSAGES.expectedUrl);
}

function validateSingle(spec: SingleSpec, value: unknown): ValueResult {
  switch (spec.type) {
    case 'text':
      if (typeof value !== 'string') return fail(MESSAGES.expectedText);
      if (value.length > TEXT_MAX_LENGTH) return fail(MESSAGES.textTooLong(TEXT_MAX_LENGTH));
      return isWellFormed(value) ? ok(value) : fail(MESSAGES.invalidUnicode);
    case 'number':
      // JSON cannot carry NaN or Infinity; other callers might.
      return typeof value === 'number' && Number.isFinite(value)
        ? ok(value)
        : fail(MESSAGES.expectedNumber);
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        return fail(MESSAGES.expectedInteger);
      }
      return Number.isSafeInteger(value) ? ok(value) : fail(MESSAGES.unsafeInteger);
    case 'boolean':
      return typeof value === 'boolean' ? ok(value) : fail(MESSAGES.expectedBoolean);
    case 'date':
      return validateDate(value);
    case 'media':
      return validateMedia(value);
    case 'reference': {
      const result = normalizeIdentifier(value);
      return result.ok ? ok(result.identifier) : fail(result.message);
    }
    case 'enum':
      if (typeof value !== 'string') return fail(MESSAGES.expectedOneOf(spec.options));
      return spec.options.includes(value)
        ? ok(value)
        : fail(MESSAGES.noSuchOption(value, spec.options));
  }
}

/**
 * Checks `value` against `spec` and returns it normalized (a reference as its identifier string),
 * or a message for the user. With `multiple`, the value must be an array whose every element
 * passes; the message names the first element that does not, by zero-based position.
 */
export function validateValue(spec: ValueSpec, value: unknown): ValueResult {
  if (spec.multiple !== true) return validateSingle(spec, value);
  if (!Array.isArray(value)) return fail(MESSAGES.expectedList);
  const values: unknown[] = [];
  for (const [index, element] of value.entries()) {
    const result = validateSingle(spec, element);
    if (!result.ok) return fail(MESSAGES.atPosition(index, result.message));
    values.push(result.value);
  }
  return ok(values);
}
