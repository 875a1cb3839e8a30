/**
 * DELETE (docs/api-behaviour.md#deleting-items): `{"identifiers": [...]}` or an array of such
 * objects. The identifier mapping's transforms and the funnel's lazy comparison apply; an
 * identifier that matches nothing is reported, not refused.
 */
import type { Receipt } from '../redis/receipt-sequence';
import {
  buildDeleteEnvelope,
  buildRequestFailure,
  requestErrors,
  type EnvelopeResult,
} from '../domain/envelope';
import { identifierFromRead } from '../domain/mapper';
import { requestProblems } from '../domain/request-rules';
import { identifierMapping } from '../domain/mapping-plan';
import { LABELS, MESSAGES } from '../domain/messages';
import type { ItemErrors } from '../domain/item-errors';
import type { ItemStore } from '../items/item-store';
import type { ContentType } from '../domain/content-type';
import type { Funnel } from '../domain/funnel';
import { resolvedIdentifiers, type ResolvedIdentifier } from '../domain/resolved-identifier';
import { resolveLazyIdentifiers } from './lazy-resolver';

export interface DeleteRequest {
  tenant: string;
  funnel: Funnel;
  contentType: ContentType;
  parsed: unknown;
  /** When the DELETE was received: an item written by a later request is kept. */
  receipt: Receipt;
  dryRun: boolean;
}

export interface DeleteResult extends EnvelopeResult {
  itemCount: number;
  deletedIds: string[];
  notFoundIds: string[];
  /** The deleted ones that lazy comparison found under another identifier than sent. */
  resolved: ResolvedIdentifier[];
}

/** Every value of every `identifiers` array, in order (the API checked the shape). */
function sentIdentifiers(parsed: unknown): unknown[] {
  const groups: unknown[] = Array.isArray(parsed) ? parsed : parsed == null ? [] : [parsed];
  return groups.flatMap((group): unknown[] => {
    const identifiers = (group as { identifiers?: unknown }).identifiers;
    return Array.isArray(identifiers) ? (identifiers as unknown[]) : [];
  });
}

function failure(errors: ItemErrors, itemCount: number): DeleteResult {
  return {
    ...buildRequestFailure(errors),
    itemCount,
    deletedIds: [],
    notFoundIds: [],
    resolved: [],
  };
}

/**
 * `alongside` is given the outcome of a delete that ran, and runs in its transaction (the
 * request's history record).
 */
export async function deleteItems(
  store: ItemStore,
  request: DeleteRequest,
  alongside?: (result: DeleteResult) => Promise<void>,
): Promise<DeleteResult> {
  // As for POST: an inactive funnel, or one without an identifier mapping, fails (rules 2 and 3).
  const problems = requestProblems(request.funnel, request.contentType);
  if (problems) return failure(problems, 0);
  const sent = sentIdentifiers(request.parsed);
  if (sent.length === 0) {
    return failure(requestErrors({ [LABELS.identifiers]: MESSAGES.noIdentifiers }), 0);
  }
  const errors: ItemErrors = Object.create(null) as ItemErrors;
  const identifiers: string[] = [];
  // Named as a POST stores them: through the identifier mapping's transforms.
  const mapping = identifierMapping(request.funnel) ?? { transforms: [] };
  sent.forEach((value, index) => {
    const result = identifierFromRead(mapping, { found: true, value });
    if (result.ok) identifiers.push(result.identifier);
    else errors[`[${index}]`] = { [LABELS.identifiers]: result.message };
  });
  const unique = [...new Set(identifiers)];

  // Each identifier as sent -> what it is stored under (itself, unless lazy comparison finds one).
  const storedAs = new Map(unique.map((identifier) => [identifier, identifier]));
  if (identifierMapping(request.funnel)?.lazy) {
    const resolutions = await resolveLazyIdentifiers(
      store,
      request.tenant,
      request.contentType.key,
      unique,
    );
    for (const [sentAs, resolution] of resolutions) {
      if (resolution.kind === 'error') {
        errors[sentAs] = { [LABELS.identifiers]: resolution.message };
        storedAs.delete(sentAs);
      } else if (resolution.kind !== 'none') {
        storedAs.set(sentAs, resolution.identifier);
      }
    }
  }
  if (Object.keys(errors).length > 0) {
    const failed = buildRequestFailure(errors);
    const message = MESSAGES.validationFailed(Object.keys(errors).length, sent.length);
    return {
      ...failed,
      envelope: { ...failed.envelope, message },
      itemCount: sent.length,
      deletedIds: [],
      notFoundIds: [],
      resolved: [],
    };
  }

  const targets = [...new Set(storedAs.values())];
  const resultOf = (existing: ReadonlySet<string>): DeleteResult => {
    const deletedIds = unique.filter((identifier) => existing.has(storedAs.get(identifier) ?? ''));
    const notFoundIds = unique.filter(
      (identifier) => !existing.has(storedAs.get(identifier) ?? ''),
    );
    return {
      ...buildDeleteEnvelope({ deletedIds, notFoundIds }),
      itemCount: unique.length,
      deletedIds,
      notFoundIds,
      resolved: resolvedIdentifiers(
        deletedIds.map((sent) => ({ sent, writtenTo: storedAs.get(sent) ?? sent })),
      ),
    };
  };
  if (request.dryRun) {
    return resultOf(await store.existing(request.tenant, request.contentType.key, targets));
  }
  const keep = alongside && ((existing: ReadonlySet<string>) => alongside(resultOf(existing)));
  const { tenant, contentType, receipt } = request;
  return resultOf(await store.delete(tenant, contentType.key, targets, receipt, keep));
}
