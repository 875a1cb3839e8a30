/**
 * Checks that a mapped value already has the type of its target (rules 5 and 6,
 * docs/api-behaviour.md#value-types): nothing is coerced, so `"12"` is not a number and `1` is not
 * a boolean. Used for properties and for system fields alike (a system field is text, media or a
 * reference).
 */
import type { PROPERTY_TYPES } from './content-type';
import { identifierProblem, isWellFormed } from './identifier';
import { MESSAGES } from './messages';

type PropertyType = (typeof PROPERTY_TYPES)[number];

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
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function dateProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return MESSAGES.expectedDate;
  const match = ISO_DATE.exec(value);
  if (match === null) return MESSAGES.expectedDate;
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
  return real ? undefined : MESSAGES.noSuchDate;
}

/** A text value longer than this (UTF-16 units) is refused: a field, not a document store. */
const TEXT_MAX_LENGTH = 65_536;
/** URLs are bounded as browsers and servers bound them. */
const URL_MAX_LENGTH = 8_192;
/**
 * Most elements of a multiple value, whether sent as an array or made by a transform (`split`):
 * far more than a field's tags, images or references need, and few enough that one value cannot
 * make an item's document too large for MongoDB by its count alone (each element costs bytes of
 * its own in BSON).
 */
export const MAX_VALUES = 10_000;

const URL_START = /^https?:\/\//i;
/** White space and controls, which the URL parser would drop or encode without a word. */
// eslint-disable-next-line no-control-regex
const URL_UNSAFE = /[\s\u0000-\u001f\u007f-\u009f]/;

function mediaProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !URL_START.test(value) || URL_UNSAFE.test(value)) {
    return MESSAGES.expectedUrl;
  }
  if (value.length > URL_MAX_LENGTH) return MESSAGES.textTooLong(URL_MAX_LENGTH);
  if (!isWellFormed(value)) return MESSAGES.invalidUnicode;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return MESSAGES.expectedUrl;
  }
  const web = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  return web ? undefined : MESSAGES.expectedUrl;
}

/** Why a single value fails `spec`, or undefined when it passes. */
function singleProblem(spec: SingleSpec, value: unknown): string | undefined {
  switch (spec.type) {
    case 'text':
      if (typeof value !== 'string') return MESSAGES.expectedText;
      if (value.length > TEXT_MAX_LENGTH) return MESSAGES.textTooLong(TEXT_MAX_LENGTH);
      return isWellFormed(value) ? undefined : MESSAGES.invalidUnicode;
    case 'number':
      // JSON cannot carry NaN or Infinity; other callers might.
      return typeof value === 'number' && Number.isFinite(value)
        ? undefined
        : MESSAGES.expectedNumber;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return MESSAGES.expectedInteger;
      return Number.isSafeInteger(value) ? undefined : MESSAGES.unsafeInteger;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : MESSAGES.expectedBoolean;
    case 'date':
      return dateProblem(value);
    case 'media':
      return mediaProblem(value);
    case 'reference':
      return identifierProblem(value);
    case 'enum':
      if (typeof value !== 'string') return MESSAGES.expectedOneOf(spec.options);
      return spec.options.includes(value) ? undefined : MESSAGES.noSuchOption(value, spec.options);
  }
}

/** A single value that passed, as it is stored: a reference as its identifier string. */
function storedSingle(spec: SingleSpec, value: unknown): unknown {
  return spec.type === 'reference' ? String(value) : value;
}

/**
 * Why checkValue refused a value. No JSON value is an instance of it, so checkValue can return
 * either the stored value or this without wrapping the common case in a result object.
 */
export class ValueProblem {
  constructor(readonly message: string) {}
}

/**
 * The value as it is stored (a reference as its identifier string, a list as a new list), or the
 * ValueProblem it fails with: validateValue for the mapper, which checks every value of a batch
 * and so allocates nothing for a single value that passes.
 */
export function checkValue(spec: ValueSpec, value: unknown): unknown {
  if (spec.multiple !== true) {
    const message = singleProblem(spec, value);
    return message === undefined ? storedSingle(spec, value) : new ValueProblem(message);
  }
  if (!Array.isArray(value)) return new ValueProblem(MESSAGES.expectedList);
  if (value.length > MAX_VALUES) {
    return new ValueProblem(MESSAGES.tooManyValues(value.length, MAX_VALUES));
  }
  const values: unknown[] = [];
  // Read element by element, as an array iterator would: every element once, holes as undefined.
  for (let index = 0; index < value.length; index++) {
    const element: unknown = value[index];
    const message = singleProblem(spec, element);
    if (message !== undefined) return new ValueProblem(MESSAGES.atPosition(index, message));
    values.push(storedSingle(spec, element));
  }
  return values;
}

/**
 * Checks `value` against `spec` and returns it normalized (a reference as its identifier string),
 * or a message for the user. With `multiple`, the value must be an array of at most MAX_VALUES
 * elements whose every element passes; the message names the first element that does not, by
 * zero-based position.
 */
export function validateValue(spec: ValueSpec, value: unknown): ValueResult {
  const checked = checkValue(spec, value);
  return checked instanceof ValueProblem ? fail(checked.message) : ok(checked);
}
