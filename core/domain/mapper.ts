/**
 * Maps the items of a POST body to what the store writes (docs/api-behaviour.md#item-rules): reads
 * each mapped source path, applies the mapping's transforms, checks the value against its target,
 * and collects the errors of each item under field labels. The lookups that need the store (lazy
 * identifiers, references) come after it, elsewhere.
 */
import type { ContentType } from './content-type';
import type { Funnel, Mapping, MappingTarget } from './funnel';
import {
  identifierProblem,
  itemKey,
  normalizeIdentifier,
  type IdentifierResult,
} from './identifier';
import { LABELS, MESSAGES } from './messages';
import { ownFieldRecord, ownRecord } from './own-record';
import {
  planIdentifier,
  planMappings,
  type PlannedIdentifier,
  type PlannedMapping,
  type ValueField,
} from './mapping-plan';
import { MISSING, readValue, type PathRead } from './path-reader';
import { applyTransforms, hasValue } from './transforms';
import { checkValue, ValueProblem } from './value-validators';

/** Identifiers an item refers to, to be checked against the store and the request. */
export interface ItemReference {
  /** The field's label, which a missing reference is reported under. */
  label: string;
  target: MappingTarget;
  /** The content type the identifiers must exist in. */
  contentType: string;
  /** Distinct, in the order sent. */
  identifiers: string[];
}

/** What an item clears: optional values sent as `null` or `""`. */
interface ItemUnset {
  readonly fields: readonly ValueField[];
  readonly properties: readonly string[];
}

/** One item of a request, mapped. */
export interface MappedItem {
  /** Zero-based position in the request. */
  index: number;
  /** The item's key in the envelope's `errors`: its identifier, or `[index]`. */
  key: string;
  /** The identifier as sent (a number as its decimal string); absent when missing or invalid. */
  identifier?: string;
  /** The values to store; only mapped values that were sent and are valid are present. */
  set: {
    name?: string;
    image?: string;
    parent?: string;
    properties: Record<string, unknown>;
  };
  /**
   * Optional values sent as `null` or `""`: the stored value is removed. Read only: items that
   * clear nothing share one frozen empty value.
   */
  unset: ItemUnset;
  /** Read only: items that refer to nothing share one frozen empty list. */
  references: readonly ItemReference[];
  /**
   * Field label -> message; empty when the item is valid so far. Read only: valid items share one
   * frozen empty record (without a prototype, as every errors record).
   */
  errors: Readonly<Record<string, string>>;
}

// Shared by the items that have nothing to clear, refer to nothing or have no error, so that a
// batch of valid items does not make three empty values per item.
const NO_UNSET: ItemUnset = Object.freeze({
  fields: Object.freeze([]),
  properties: Object.freeze([]),
});
const NO_REFERENCES: readonly ItemReference[] = Object.freeze([]);
const NO_ERRORS: Readonly<Record<string, string>> = Object.freeze(ownRecord<string>());

/** The items of a POST body: an array as it is, a single object as a list of one. */
export function asItemList(parsed: unknown): unknown[] {
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * Keeps, of items sent twice with the same identifier, only the last occurrence, in its own
 * position (docs/api-behaviour.md#duplicates-last-wins). Items without an identifier are all kept.
 */
export function dedupeLastWins<T extends { identifier?: string }>(items: readonly T[]): T[] {
  // One pass from the end: the first occurrence met is the last sent; then back into order.
  const seen = new Set<string>();
  const kept: T[] = [];
  for (let position = items.length - 1; position >= 0; position--) {
    const item = items[position];
    if (item === undefined) continue;
    const { identifier } = item;
    if (identifier !== undefined) {
      // One hash lookup, not has() then add(): the set grows only for an identifier not seen.
      const size = seen.size;
      if (seen.add(identifier).size === size) continue;
    }
    kept.push(item);
  }
  return kept.reverse();
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An identifier as the store knows it: what was read, through the identifier mapping's
 * transforms, then checked (identifier.ts). Required even when the mapping says optional: without
 * it there is nothing to create or update. Exported so that a DELETE can name items the way a
 * POST stored them.
 */
export function identifierFromRead(
  mapping: Pick<Mapping, 'transforms'>,
  read: PathRead,
): IdentifierResult {
  const transformed = applyTransforms(mapping.transforms, read);
  if (!transformed.ok) return transformed;
  if (!hasValue(transformed.read)) return { ok: false, message: MESSAGES.required };
  return normalizeIdentifier(transformed.read.value);
}

/** A value readValue gave (MISSING for nothing) as the PathRead transforms take. */
const asRead = (value: unknown): PathRead =>
  value === MISSING ? { found: false } : { found: true, value };

/**
 * The value of a mapping in one item, through its transforms: MISSING when there is none, a
 * ValueProblem when a transform fails. Without transforms, no object is made.
 */
function readMapped(
  item: Record<string, unknown>,
  planned: Pick<PlannedMapping, 'path' | 'transforms'>,
): unknown {
  const value = readValue(item, planned.path);
  if (planned.transforms === undefined) return value;
  const transformed = applyTransforms(planned.transforms, asRead(value));
  if (!transformed.ok) return new ValueProblem(transformed.message);
  return transformed.read.found ? transformed.read.value : MISSING;
}

/** Missing, `null` or `""`: what hasValue calls no value, for a value readMapped gave. */
const isNoValue = (value: unknown): boolean => value === MISSING || value === null || value === '';

/** An item's identifier, as identifierFromRead gives it, or the ValueProblem it fails with. */
function readIdentifier(
  item: Record<string, unknown>,
  planned: PlannedIdentifier,
): string | ValueProblem {
  const value = readMapped(item, planned);
  if (value instanceof ValueProblem) return value;
  if (isNoValue(value)) return new ValueProblem(MESSAGES.required);
  const message = identifierProblem(value);
  // Accepted: a string, kept as it is, or a safe integer, written in decimal.
  return message === undefined ? String(value) : new ValueProblem(message);
}

/**
 * A label's first message wins: two fields that share a label do not hide each other's cause.
 * The record is made on the first error, so that a valid item makes none.
 */
function withError(
  errors: Record<string, string> | undefined,
  label: string,
  message: string,
): Record<string, string> {
  const record = errors ?? ownRecord<string>();
  if (!Object.hasOwn(record, label)) record[label] = message;
  return record;
}

/** What an item becomes when it is not an object: it fails whole, under "Item". */
function notAnObject(index: number): MappedItem {
  const errors = ownRecord<string>();
  errors[LABELS.item] = MESSAGES.notAnObject;
  return {
    index,
    key: itemKey(undefined, index),
    set: { properties: ownRecord<unknown>() },
    unset: NO_UNSET,
    references: NO_REFERENCES,
    errors,
  };
}

function mapItem(
  item: unknown,
  index: number,
  identifierSource: PlannedIdentifier | undefined,
  planned: readonly PlannedMapping[],
): MappedItem {
  if (!isPlainObject(item)) return notAnObject(index);
  let errors: Record<string, string> | undefined;
  let identifier: string | undefined;
  if (identifierSource !== undefined) {
    const result = readIdentifier(item, identifierSource);
    if (typeof result === 'string') identifier = result;
    else errors = withError(errors, identifierSource.label, result.message);
  }

  const set: MappedItem['set'] = { properties: ownFieldRecord<unknown>() };
  let unset: { fields: ValueField[]; properties: string[] } | undefined;
  let references: ItemReference[] | undefined;
  for (const entry of planned) {
    const value = readMapped(item, entry);
    if (value instanceof ValueProblem) {
      errors = withError(errors, entry.label, value.message);
      continue;
    }
    if (value === MISSING) {
      // Missing optional: the stored value stays as it is.
      if (!entry.optional) errors = withError(errors, entry.label, MESSAGES.required);
      continue;
    }
    if (value === null || value === '') {
      if (!entry.optional) errors = withError(errors, entry.label, MESSAGES.required);
      else {
        unset ??= { fields: [], properties: [] };
        if (entry.system !== undefined) unset.fields.push(entry.system);
        else unset.properties.push(entry.property);
      }
      continue;
    }
    const checked = checkValue(entry.spec, value);
    if (checked instanceof ValueProblem) {
      errors = withError(errors, entry.label, checked.message);
      continue;
    }
    // System fields are text, media or a single reference: always a string once valid.
    if (entry.system !== undefined) set[entry.system] = checked as string;
    else set.properties[entry.property] = checked;
    if (entry.references !== undefined) {
      const identifiers = Array.isArray(checked) ? checked : [checked];
      references ??= [];
      references.push({
        label: entry.label,
        target: entry.target,
        contentType: entry.references,
        identifiers: [...new Set(identifiers as string[])],
      });
    }
  }

  const key = itemKey(identifier, index);
  const cleared = unset ?? NO_UNSET;
  const referred = references ?? NO_REFERENCES;
  const failed = errors ?? NO_ERRORS;
  // One literal each way, with `identifier` last as before: adding it to a made object would
  // allocate a second property store for every valid item.
  if (identifier === undefined) {
    return { index, key, set, unset: cleared, references: referred, errors: failed };
  }
  return { index, key, set, unset: cleared, references: referred, errors: failed, identifier };
}

/** An item's key in `errors`, and whether it is its identifier (else its position). */
export interface SentKey {
  key: string;
  identified: boolean;
}

/**
 * The key the worker gives each item of a request of `funnel` in `errors`, read the way mapItems
 * reads it: the identifier through its mapping's transforms, else `[index]`. It reads only the
 * identifier, so that what failed in a recorded request can be found in its body again.
 */
export function sentKeys(
  funnel: Pick<Funnel, 'mappings'>,
): (item: unknown, index: number) => SentKey {
  const planned = planIdentifier(funnel, '');
  return (item, index) => {
    const read =
      planned !== undefined && isPlainObject(item) ? readIdentifier(item, planned) : undefined;
    const identifier = typeof read === 'string' ? read : undefined;
    return { key: itemKey(identifier, index), identified: identifier !== undefined };
  };
}

/**
 * Maps every item of a request (`asItemList` of the body) with the funnel's mappings. Only mapped
 * paths are read; each value goes through its mapping's transforms (transforms.ts) first, and a
 * transform that fails fails the item under the field's label. Rules, per transformed value:
 * - required and missing, `null` or `""`: "This field is required" under the field's label;
 * - optional and missing: absent from both `set` and `unset` (the stored value stays);
 * - optional and `null` or `""`: listed in `unset` (the stored value is removed); an empty string
 *   is taken as "no value" because most senders have no other way to say it;
 * - otherwise the value must have its target's type (value-validators.ts).
 * The identifier is the transformed one: envelopes, history and lazy comparison all use it.
 * An item that is not an object fails whole, under the label "Item". Mappings whose target the
 * content type lacks are skipped here; requestProblems reports them before mapping starts.
 * Paths, targets and checks are resolved once per request, not once per item.
 */
export function mapItems(body: unknown[], funnel: Funnel, contentType: ContentType): MappedItem[] {
  const { identifier, mappings } = planMappings(funnel, contentType);
  return body.map((item, index) => mapItem(item, index, identifier, mappings));
}
