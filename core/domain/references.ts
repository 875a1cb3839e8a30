/**
 * Reference checks (rule 7, docs/api-behaviour.md#references): a reference value must name an item
 * of the referenced content type that exists in the store, or that the same request imports. In
 * partial mode only a valid item of the request counts, and an item that fails makes the items that
 * rely on it fail too, so validity is computed to a fixed point. An item is never its own parent.
 *
 * The store is asked once per referenced content type: referencedIdentifiers gives the `$in` list
 * of each, storeLookup makes the answers the `existing` predicate checkReferences takes.
 */
import { MESSAGES } from './messages';
import type { ItemReference } from './mapper';
import { ownRecord } from './own-record';

/** What checkReferences needs of an item; MappedItem has it. */
export interface ReferencingItem {
  /**
   * The identifier the item is stored under. With lazy comparison, pass the resolved identifier
   * (the stored Y an incoming X matched), since that is the item other items can refer to.
   */
  identifier?: string;
  references: readonly ItemReference[];
  errors: Readonly<Record<string, string>>;
}

/** Whether an item with `identifier` exists in content type `contentType` in the store. */
export type ExistsInStore = (contentType: string, identifier: string) => boolean;

export interface ReferenceCheckOptions {
  /** The content type the request imports into: its items may be referred to by the request. */
  contentType: string;
  /** The funnel's partial validation switch. */
  partialValidation: boolean;
}

/** The identifiers to look up, per referenced content type: one `$in` query each. */
export function referencedIdentifiers(items: readonly ReferencingItem[]): Map<string, string[]> {
  const wanted = new Map<string, Set<string>>();
  for (const item of items) {
    for (const reference of item.references) {
      let identifiers = wanted.get(reference.contentType);
      if (identifiers === undefined) {
        identifiers = new Set();
        wanted.set(reference.contentType, identifiers);
      }
      for (const identifier of reference.identifiers) identifiers.add(identifier);
    }
  }
  return new Map([...wanted].map(([contentType, ids]) => [contentType, [...ids]]));
}

/**
 * Whether any item refers to anything: when none does, there is nothing to look up and nothing
 * checkReferences would change, and a request skips the check (most funnels map no reference).
 */
export function hasReferences(items: readonly ReferencingItem[]): boolean {
  for (const item of items) if (item.references.length > 0) return true;
  return false;
}

/** The `existing` predicate over what the queries found: content type -> identifiers found. */
export function storeLookup(found: ReadonlyMap<string, Iterable<string>>): ExistsInStore {
  const sets = new Map<string, ReadonlySet<string>>();
  for (const [contentType, identifiers] of found) sets.set(contentType, new Set(identifiers));
  return (contentType, identifier) => sets.get(contentType)?.has(identifier) === true;
}

const isParent = (reference: ItemReference): boolean =>
  'system' in reference.target && reference.target.system === 'parent';

function isOwnParent(item: ReferencingItem, reference: ItemReference): boolean {
  return (
    isParent(reference) &&
    item.identifier !== undefined &&
    reference.identifiers.includes(item.identifier)
  );
}

const hasErrors = (errors: Readonly<Record<string, string>>): boolean =>
  Object.keys(errors).length > 0;

/**
 * Partial mode: the identifiers of the request's items that stay valid once every item whose
 * reference rests on a failed item has failed too. A worklist, so a chain of n items costs O(n).
 */
function validIdentifiers(
  items: readonly ReferencingItem[],
  existing: ExistsInStore,
  contentType: string,
): Set<string> {
  const validCount = new Map<string, number>();
  const valid = items.map(
    (item) =>
      item.identifier !== undefined &&
      !hasErrors(item.errors) &&
      !item.references.some((reference) => isOwnParent(item, reference)),
  );
  items.forEach((item, index) => {
    if (valid[index] === true && item.identifier !== undefined) {
      validCount.set(item.identifier, (validCount.get(item.identifier) ?? 0) + 1);
    }
  });

  // identifier -> positions of valid items that need it from the request (not in the store).
  const dependents = new Map<string, number[]>();
  const failing: number[] = [];
  items.forEach((item, index) => {
    if (valid[index] !== true) return;
    let fails = false;
    for (const reference of item.references) {
      for (const identifier of reference.identifiers) {
        if (existing(reference.contentType, identifier)) continue;
        if (reference.contentType !== contentType || !validCount.has(identifier)) {
          fails = true;
          continue;
        }
        const list = dependents.get(identifier) ?? [];
        list.push(index);
        dependents.set(identifier, list);
      }
    }
    if (fails) {
      valid[index] = false;
      failing.push(index);
    }
  });

  for (let next = failing.pop(); next !== undefined; next = failing.pop()) {
    const identifier = items[next]?.identifier;
    if (identifier === undefined) continue;
    const left = (validCount.get(identifier) ?? 1) - 1;
    if (left > 0) {
      validCount.set(identifier, left);
      continue;
    }
    validCount.delete(identifier);
    for (const dependent of dependents.get(identifier) ?? []) {
      if (valid[dependent] !== true) continue;
      valid[dependent] = false;
      failing.push(dependent);
    }
  }
  return new Set(validCount.keys());
}

/**
 * Checks the references of every item and returns the items with their errors brought up to date
 * (new objects; the input is not changed). Under a reference's label: "No item with identifier X
 * exists in content type Y" when neither the store nor the request has it, "The referenced item X
 * failed validation" when only a failed item of the request has it (partial mode), and "An item
 * cannot be its own parent". A label that already has an error keeps it. Items that failed before
 * are checked too, so that a response names every problem of an item at once.
 */
export function checkReferences<T extends ReferencingItem>(
  items: readonly T[],
  existing: ExistsInStore,
  options: ReferenceCheckOptions,
): T[] {
  const inRequest = new Set<string>();
  for (const item of items) if (item.identifier !== undefined) inRequest.add(item.identifier);
  const importable = options.partialValidation
    ? validIdentifiers(items, existing, options.contentType)
    : inRequest;

  return items.map((item) => {
    const errors = ownRecord<string>();
    Object.assign(errors, item.errors);
    for (const reference of item.references) {
      if (Object.hasOwn(errors, reference.label)) continue;
      if (isOwnParent(item, reference)) {
        errors[reference.label] = MESSAGES.ownParent;
        continue;
      }
      const notFound: string[] = [];
      const failed: string[] = [];
      const sameType = reference.contentType === options.contentType;
      for (const identifier of reference.identifiers) {
        if (existing(reference.contentType, identifier)) continue;
        if (sameType && importable.has(identifier)) continue;
        if (sameType && inRequest.has(identifier)) failed.push(identifier);
        else notFound.push(identifier);
      }
      const messages = [
        ...(notFound.length > 0
          ? [MESSAGES.referenceNotFound(notFound, reference.contentType)]
          : []),
        ...(failed.length > 0 ? [MESSAGES.referenceInvalid(failed)] : []),
      ];
      if (messages.length > 0) errors[reference.label] = messages.join('; ');
    }
    return { ...item, errors };
  });
}
