/**
 * POST: every rule of a funnel request, in the order they are checked
 * (docs/api-behaviour.md#request-rules, #item-rules and #the-rules-by-number):
 *  1-3. the request rules: empty body, inactive funnel, identifier not mapped;
 *  4-6. each item mapped and checked: required values, value types, media URLs;
 *       duplicates folded (the last wins) and lazy identifiers resolved; an item whose document
 *       would be too large for the store fails;
 *  7.   references checked, against the store and the request itself;
 *  8-10. the decision: every item, the valid ones (partial validation), or none.
 * `prepareImport` decides for the whole request and leaves the writes to the caller, which may
 * hand them to chunk jobs. The lookups are a fixed number whatever the batch size (for lazy
 * matching: exact identifiers, identifier lengths, candidates; one per referenced content type),
 * never one per item.
 */
import type { Receipt } from '../redis/receipt-sequence';
import { buildRequestFailure, importEnvelope, type EnvelopeResult } from '../domain/envelope';
import { decideImport } from '../domain/import-decision';
import { asItemList, dedupeLastWins, mapItems, type MappedItem } from '../domain/mapper';
import { brokenRequestRule, isEmptyBody } from '../domain/request-rules';
import {
  checkReferences,
  hasReferences,
  referencedIdentifiers,
  storeLookup,
} from '../domain/references';
import { identifierLabel, identifierMapping } from '../domain/mapping-plan';
import { ownRecord } from '../domain/own-record';
import type { ItemWrite } from '../items/item-store';
import type { ItemReads } from '../items/item-reads';
import type { ContentType } from '../domain/content-type';
import type { Funnel } from '../domain/funnel';
import { resolvedIdentifiers, type ResolvedIdentifier } from '../domain/resolved-identifier';
import { inSpan } from '../platform/tracing/spans';
import { resolveLazyIdentifiers } from './lazy-resolver';
import { failOversizedItems } from './oversized-items';

export interface ImportRequest {
  tenant: string;
  funnel: Funnel;
  contentType: ContentType;
  /** The body as received, and its JSON value (undefined when blank). */
  raw: string;
  parsed: unknown;
  /** When the request was received: its writes never undo those of a later one. */
  receipt: Receipt;
  dryRun: boolean;
}

export interface ImportResult extends EnvelopeResult {
  itemCount: number;
  /** The identifiers, as sent, of the items written (or that a dry run would write). */
  successIds: string[];
  /** Of those, the ones written to another identifier than sent (lazy comparison), in order. */
  resolved: ResolvedIdentifier[];
}

/** An item after lazy resolution: `identifier` is what it is stored under, `key` what was sent. */
type ResolvedItem = MappedItem;

async function resolveIdentifiers(
  store: ItemReads,
  request: ImportRequest,
  items: MappedItem[],
): Promise<ResolvedItem[]> {
  if (!identifierMapping(request.funnel)?.lazy) return items;
  const incoming = items.flatMap((item) =>
    item.identifier === undefined ? [] : [item.identifier],
  );
  const lookup = { 'funnel_sync.lookup.identifiers': incoming.length };
  const resolutions = await inSpan('lookup identifiers', lookup, () =>
    resolveLazyIdentifiers(store, request.tenant, request.contentType.key, incoming),
  );
  const label = identifierLabel(request.contentType);
  return items.map((item) => {
    const resolution = item.identifier === undefined ? undefined : resolutions.get(item.identifier);
    if (!resolution || resolution.kind === 'none') return item;
    if (resolution.kind === 'error') {
      // Without a prototype, as every errors record: keys may be the sender's.
      const errors = Object.assign(ownRecord<string>(), item.errors, {
        [label]: resolution.message,
      });
      return { ...item, errors };
    }
    return { ...item, identifier: resolution.identifier };
  });
}

async function checkAgainstStore(
  store: ItemReads,
  request: ImportRequest,
  items: ResolvedItem[],
): Promise<ResolvedItem[]> {
  // Nothing to look up or report: the check would only copy every item and its errors.
  if (!hasReferences(items)) return items;
  const wanted = referencedIdentifiers(items);
  const found = new Map<string, Set<string>>();
  const lookup = { 'funnel_sync.lookup.content_types': wanted.size };
  await inSpan('lookup references', lookup, () =>
    Promise.all(
      [...wanted].map(async ([contentType, identifiers]) => {
        found.set(contentType, await store.existing(request.tenant, contentType, identifiers));
      }),
    ),
  );
  return checkReferences(items, storeLookup(found), {
    contentType: request.contentType.key,
    partialValidation: request.funnel.partialValidation,
  });
}

export interface PreparedImport {
  result: ImportResult;
  /** The items to write, each identifier once: none for a dry run or a failed request. */
  writes: ItemWrite[];
}

/** Everything but the writes: the answer, and what to write for it. It only reads the store. */
export async function prepareImport(
  store: ItemReads,
  request: ImportRequest,
): Promise<PreparedImport> {
  const body = isEmptyBody(request.raw, request.parsed) ? [] : asItemList(request.parsed);
  const broken = brokenRequestRule(request);
  if (broken) {
    const result = {
      ...buildRequestFailure(broken),
      itemCount: body.length,
      successIds: [],
      resolved: [],
    };
    return { result, writes: [] };
  }

  const mapped = mapItems(body, request.funnel, request.contentType);
  // Duplicates fold twice: by identifier as sent, and by the stored identifier lazy matching found
  // (only when lazy matching ran: otherwise the items are those folded already).
  const deduped = dedupeLastWins(mapped);
  const lazilyResolved = await resolveIdentifiers(store, request, deduped);
  const resolved = lazilyResolved === deduped ? deduped : dedupeLastWins(lazilyResolved);
  const sized = failOversizedItems(resolved, {
    tenant: request.tenant,
    contentType: request.contentType,
    funnelId: request.funnel.id,
    receipt: request.receipt,
  });
  const checked = await checkAgainstStore(store, request, sized);

  const decision = decideImport(checked, request.funnel.partialValidation);
  const writes = request.dryRun
    ? []
    : decision.accepted.map((item) => ({
        identifier: item.identifier ?? '',
        set: item.set,
        unset: item.unset,
        funnelId: request.funnel.id,
      }));
  const result = {
    ...importEnvelope(decision),
    itemCount: checked.length,
    successIds: decision.accepted.map((item) => item.key),
    resolved: resolvedIdentifiers(
      decision.accepted.map((item) => ({ sent: item.key, writtenTo: item.identifier ?? '' })),
    ),
  };
  return { result, writes };
}
