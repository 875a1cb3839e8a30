/**
 * Maps the items of a POST body to what the store writes (contract 3): reads each mapped source
 * path, applies the mapping's transforms, checks the value against its target, and collects the
 * errors of each item under field labels.
 * The lookups that need the store (lazy identifiers, references) come after it, elsewhere.
 */
import type { ItemErrors } from '../history/history-record';
import type { ContentType } from '../settings/content-type';
import { targetName, type Funnel, type Mapping, type MappingTarget } from '../settings/funnel';
import { systemFieldSpec } from '../settings/system-fields';
import { requestErrors } from './envelope';
import { itemKey, normalizeIdentifier, type IdentifierResult } from './identifier';
import { LABELS, MESSAGES } from './messages';
import { ownRecord } from './own-record';
import { readPath, type PathRead } from './path-reader';
import { applyTransforms, hasValue, type TransformResult } from './transforms';
import { validateValue, type ValueSpec } from './value-validators';

/** The system fields an item may set or clear (the identifier is never cleared). */
export type ValueField = 'name' | 'image' | 'parent';

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
  /** Optional values sent as `null` or `""`: the stored value is removed. */
  unset: { fields: ValueField[]; properties: string[] };
  references: ItemReference[];
  /** Field label -> message; empty when the item is valid so far. */
  errors: Record<string, string>;
}

/** A mapping resolved against the content type, once per request. */
interface PlannedMapping {
  mapping: Mapping;
  label: string;
  spec: ValueSpec;
  /** Where the value goes: a system field or a property key. */
  field: { system: ValueField } | { property: string };
  /** For reference targets: the content type the value refers to. */
  references?: string;
}

/** The identifier mapping of a funnel, if it has one. */
export function identifierMapping(funnel: Pick<Funnel, 'mappings'>): Mapping | undefined {
  return funnel.mappings.find(
    (mapping) => 'system' in mapping.target && mapping.target.system === 'identifier',
  );
}

/** The label of the identifier field of a content type's kind ("Product Identifier", ...). */
export function identifierLabel(contentType: Pick<ContentType, 'kind'>): string {
  return systemFieldSpec(contentType.kind, 'identifier')?.label ?? 'Identifier';
}

/** Resolves a non-identifier mapping, or undefined when the content type lacks its target. */
function plan(mapping: Mapping, contentType: ContentType): PlannedMapping | undefined {
  const { target } = mapping;
  if ('system' in target) {
    if (target.system === 'identifier') return undefined;
    const spec = systemFieldSpec(contentType.kind, target.system);
    if (spec === undefined) return undefined;
    return {
      mapping,
      label: spec.label,
      spec: { type: spec.type },
      field: { system: target.system },
      ...(spec.type === 'reference' ? { references: contentType.key } : {}),
    };
  }
  const property = contentType.properties.find((candidate) => candidate.key === target.property);
  if (property === undefined) return undefined;
  return {
    mapping,
    label: property.label,
    spec: property,
    field: { property: property.key },
    ...(property.type === 'reference' ? { references: property.contentType } : {}),
  };
}

/** Targets a funnel maps that its content type does not have (it changed after the funnel). */
function staleTargets(funnel: Funnel, contentType: ContentType): string[] {
  return funnel.mappings
    .filter((mapping) => {
      const { target } = mapping;
      if ('system' in target) return systemFieldSpec(contentType.kind, target.system) === undefined;
      return !contentType.properties.some((property) => property.key === target.property);
    })
    .map((mapping) => targetName(mapping.target));
}

/**
 * Failures of the whole request that no item can fix, checked before any item is looked at
 * (spec 4.1 rules 2 and 3): the funnel is inactive; its identifier is not mapped; it maps a target
 * its content type no longer has. An inactive funnel is reported alone. Returns the envelope's
 * `errors` (`{"_request": {label: message}}`), or undefined when the request may go on.
 */
export function requestProblems(funnel: Funnel, contentType: ContentType): ItemErrors | undefined {
  const problems = ownRecord<string>();
  if (!funnel.active) {
    problems[LABELS.funnel] = MESSAGES.inactiveFunnel;
  } else {
    if (identifierMapping(funnel) === undefined) {
      problems[identifierLabel(contentType)] = MESSAGES.identifierNotMapped;
    }
    const stale = staleTargets(funnel, contentType);
    if (stale.length > 0) problems[LABELS.funnel] = MESSAGES.staleMappings(contentType.key, stale);
  }
  return Object.keys(problems).length === 0 ? undefined : requestErrors(problems);
}

/** The envelope's `errors` for an empty body (spec 4.1 rule 1). */
export function emptyBodyErrors(): ItemErrors {
  return requestErrors({ [LABELS.body]: MESSAGES.emptyBody });
}

/**
 * Whether a body counts as empty (contract 3): none, only white space, `null` or `[]`. `raw` is
 * the body as received; `parsed` its JSON value (anything when `raw` is blank).
 */
export function isEmptyBody(raw: string | undefined, parsed: unknown): boolean {
  if (raw === undefined || raw.trim() === '') return true;
  return parsed === null || (Array.isArray(parsed) && parsed.length === 0);
}

/** The items of a POST body: an array as it is, a single object as a list of one. */
export function asItemList(parsed: unknown): unknown[] {
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * Keeps, of items sent twice with the same identifier, only the last occurrence (contract 3), in
 * its own position. Items without an identifier are all kept.
 */
export function dedupeLastWins<T extends { identifier?: string }>(items: readonly T[]): T[] {
  const last = new Map<string, number>();
  items.forEach((item, position) => {
    if (item.identifier !== undefined) last.set(item.identifier, position);
  });
  return items.filter(
    (item, position) => item.identifier === undefined || last.get(item.identifier) === position,
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value of a mapping in one item: read from its source path, then through its transforms. */
function readMapped(item: Record<string, unknown>, mapping: Mapping): TransformResult {
  return applyTransforms(mapping.transforms, readPath(item, mapping.source));
}

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

/** A label's first message wins: two fields that share a label do not hide each other's cause. */
function addError(errors: Record<string, string>, label: string, message: string): void {
  if (!Object.hasOwn(errors, label)) errors[label] = message;
}

function mapItem(
  item: unknown,
  index: number,
  identifierSource: Mapping | undefined,
  planned: readonly PlannedMapping[],
  identifierFieldLabel: string,
): MappedItem {
  const errors = ownRecord<string>();
  const mapped: MappedItem = {
    index,
    key: itemKey(undefined, index),
    set: { properties: ownRecord<unknown>() },
    unset: { fields: [], properties: [] },
    references: [],
    errors,
  };
  if (!isPlainObject(item)) {
    errors[LABELS.item] = MESSAGES.notAnObject;
    return mapped;
  }

  if (identifierSource !== undefined) {
    const result = identifierFromRead(identifierSource, readPath(item, identifierSource.source));
    if (result.ok) {
      mapped.identifier = result.identifier;
      mapped.key = itemKey(result.identifier, index);
    } else {
      addError(errors, identifierFieldLabel, result.message);
    }
  }

  for (const entry of planned) {
    const transformed = readMapped(item, entry.mapping);
    if (!transformed.ok) {
      addError(errors, entry.label, transformed.message);
      continue;
    }
    const { read } = transformed;
    if (!read.found) {
      // Missing optional: the stored value stays as it is.
      if (!entry.mapping.optional) addError(errors, entry.label, MESSAGES.required);
      continue;
    }
    if (read.value === null || read.value === '') {
      if (!entry.mapping.optional) addError(errors, entry.label, MESSAGES.required);
      else if ('system' in entry.field) mapped.unset.fields.push(entry.field.system);
      else mapped.unset.properties.push(entry.field.property);
      continue;
    }
    const result = validateValue(entry.spec, read.value);
    if (!result.ok) {
      addError(errors, entry.label, result.message);
      continue;
    }
    if ('system' in entry.field) {
      // System fields are text, media or a single reference: always a string once valid.
      mapped.set[entry.field.system] = result.value as string;
    } else {
      mapped.set.properties[entry.field.property] = result.value;
    }
    if (entry.references !== undefined) {
      const identifiers = Array.isArray(result.value) ? result.value : [result.value];
      mapped.references.push({
        label: entry.label,
        target: entry.mapping.target,
        contentType: entry.references,
        identifiers: [...new Set(identifiers as string[])],
      });
    }
  }
  return mapped;
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
 */
export function mapItems(body: unknown[], funnel: Funnel, contentType: ContentType): MappedItem[] {
  const identifierSource = identifierMapping(funnel);
  const planned = funnel.mappings
    .map((mapping) => plan(mapping, contentType))
    .filter((entry): entry is PlannedMapping => entry !== undefined);
  const label = identifierLabel(contentType);
  return body.map((item, index) => mapItem(item, index, identifierSource, planned, label));
}
