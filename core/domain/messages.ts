/**
 * Every text the funnel pipeline shows a user, in one place (docs/api-behaviour.md#messages), so
 * that wording, counting and plurals stay the same in envelopes, history records and dry runs.
 *
 * Counts agree in number: "1 item was imported", "2 items were imported".
 */

/** The `errors` key of failures that concern the whole request, not one item. */
export const REQUEST_KEY = '_request';

/** Labels under `_request`, and the label of an item that is not an object. */
export const LABELS = {
  body: 'Body',
  funnel: 'Funnel',
  identifiers: 'Identifiers',
  item: 'Item',
} as const;

/** How many characters of a value sent by the client a message quotes at most. */
const QUOTE_LIMIT = 60;
/** How many names (options, identifiers) a message lists before it says "and N more". */
const LIST_LIMIT = 10;

const items = (count: number): string => `${count} ${count === 1 ? 'item' : 'items'}`;
const was = (count: number): string => (count === 1 ? 'was' : 'were');

/** Quotes a client's string as JSON, cut after QUOTE_LIMIT characters, so a message stays short. */
export function quote(value: string): string {
  const chars = Array.from(value);
  return chars.length <= QUOTE_LIMIT
    ? JSON.stringify(value)
    : `${JSON.stringify(chars.slice(0, QUOTE_LIMIT).join(''))}…`;
}

/** "a, b, c", or "a, b, and 12 more" past LIST_LIMIT names. */
export function list(names: readonly string[], limit = LIST_LIMIT): string {
  if (names.length <= limit) return names.join(', ');
  return `${names.slice(0, limit).join(', ')} and ${names.length - limit} more`;
}

export const MESSAGES = {
  // Request-level (under `_request`).
  emptyBody: 'The request body is empty',
  inactiveFunnel: 'The funnel is inactive',
  identifierNotMapped: 'The identifier field is not mapped',
  noIdentifiers: 'The request names no identifiers',
  requestFailed: 'The request failed validation',
  staleMappings: (contentType: string, targets: readonly string[]) =>
    `The funnel maps ${list(targets)}, which content type ${quote(contentType)} does not have`,

  // NDJSON bodies, refused as a whole (400); lines count from 1, as editors count them.
  ndjsonEmptyLine: (line: number) =>
    `Line ${line} (counting from 1) is empty; only the end of an NDJSON body may be blank`,
  ndjsonNotJson: (line: number) => `Line ${line} (counting from 1) is not valid JSON`,
  ndjsonTooDeep: (line: number, depth: number) =>
    `Line ${line} (counting from 1) is nested deeper than ${depth} levels`,
  ndjsonNotAnObject: (line: number) =>
    `Line ${line} (counting from 1) is not an object; each line must be one JSON object`,
  ndjsonNotAGroup: (line: number) =>
    `Line ${line} (counting from 1) must be an object with an "identifiers" array`,

  // Summaries (the envelope's `message`).
  imported: (count: number) => `${items(count)} ${was(count)} imported`,
  partiallyImported: (imported: number, total: number, failed: number) =>
    `${imported} of ${items(total)} ${was(imported)} imported; ${failed} failed validation`,
  validationFailed: (failed: number, total: number) =>
    `Validation failed for ${failed} of ${items(total)}`,
  /** All or nothing: says which valid items a failure kept from being written, and why. */
  validationFailedNothingWritten: (failed: number, total: number) => {
    const valid = total - failed;
    return (
      `Validation failed for ${failed} of ${items(total)}; the ${valid} valid ` +
      `${valid === 1 ? 'item' : 'items'} ${was(valid)} not written, as partial validation is off ` +
      `(it would have written ${valid === 1 ? 'it' : 'them'})`
    );
  },
  deleted: (count: number) => `${items(count)} ${was(count)} deleted`,

  // Item-level (under an item's key and a field label).
  notAnObject: 'Expected a JSON object',
  required: 'This field is required',
  ownParent: 'An item cannot be its own parent',
  ambiguous: (matches: readonly string[]) => `Ambiguous identifier: matches ${list(matches)}`,
  lazyTooManyKeys: (keys: number, units: number) =>
    `The request's identifiers need more lazy lookups than one request may make ` +
    `(${keys.toLocaleString('en-US')} keys, ${units.toLocaleString('en-US')} characters in all); ` +
    'send this item in a smaller request',
  itemTooLarge: (bytes: number, max: number, fieldBytes: number) =>
    `The item is too large to store: ${bytes.toLocaleString('en-US')} bytes in all, over the ` +
    `limit of ${max.toLocaleString('en-US')}; this field takes ` +
    `${fieldBytes.toLocaleString('en-US')} of them`,
  referenceNotFound: (identifiers: readonly string[], contentType: string) =>
    identifiers.length === 1
      ? `No item with identifier ${quote(identifiers[0] ?? '')} exists in content type ${quote(contentType)}`
      : `No items with identifiers ${list(identifiers.map(quote))} exist in content type ${quote(contentType)}`,
  referenceInvalid: (identifiers: readonly string[]) =>
    identifiers.length === 1
      ? `The referenced item ${quote(identifiers[0] ?? '')} failed validation`
      : `The referenced items ${list(identifiers.map(quote))} failed validation`,

  // Identifiers (identifier.ts).
  identifierType: 'Expected an identifier: a non-empty string or an integer',
  identifierEmpty: 'The identifier is empty',
  identifierBlank: 'The identifier is only white space',
  identifierTooLong: (max: number) => `The identifier is longer than ${max} characters`,
  identifierUnsafeInteger:
    'The identifier is an integer too large to be exact; send it as a string',
  identifierControl: 'The identifier contains a control character',
  textTooLong: (max: number) => `The value is longer than ${max} characters`,
  identifierUnicode: 'The identifier contains an unpaired surrogate (not valid Unicode)',

  // Values (value-validators.ts).
  expectedText: 'Expected a string',
  expectedNumber: 'Expected a number',
  expectedInteger: 'Expected an integer',
  unsafeInteger: 'The integer is too large to be exact (at most 9007199254740991 either way)',
  expectedBoolean: 'Expected true or false',
  expectedDate:
    'Expected an ISO 8601 date (2024-01-31) or date-time with a time zone (2024-01-31T09:30:00Z)',
  noSuchDate: 'No such date or time in the calendar',
  expectedUrl: 'Expected an absolute http or https URL',
  expectedOneOf: (options: readonly string[]) => `Expected one of: ${list(options)}`,
  noSuchOption: (value: string, options: readonly string[]) =>
    `No such option ${quote(value)}; expected one of: ${list(options)}`,
  invalidUnicode: 'The text contains an unpaired surrogate (not valid Unicode)',
  expectedList: 'Expected an array',
  tooManyValues: (count: number, max: number) =>
    `The value has ${count.toLocaleString('en-US')} elements; at most ` +
    `${max.toLocaleString('en-US')} are allowed`,
  atPosition: (index: number, message: string) => `At [${index}]: ${message}`,

  // Transforms (transforms.ts).
  expectedNumeric: 'Expected a number, or a string holding one',
  notNumeric: (value: string) =>
    `Cannot read ${quote(value)} as a number; expected digits with a dot for decimals, such as 12.5`,
  numberNotFinite: (value: string) => `The number ${quote(value)} is too large`,
} as const;
