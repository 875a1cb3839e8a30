/**
 * The response envelope of the funnel endpoint, its HTTP status and the status of the history
 * record, decided in one place for the real run and the dry run alike
 * (docs/api-behaviour.md#the-envelope).
 */
import { z } from 'zod';
import type { ImportDecision } from './import-decision';
import { itemErrorsSchema, type ItemErrors } from './item-errors';
import { MESSAGES, REQUEST_KEY } from './messages';
import { ownRecord } from './own-record';
import type { CheckedItem } from './import-decision';

/**
 * The envelope every funnel request is answered with. Tests hold every built envelope to it; the
 * funnel routes are not in the OpenAPI document yet, so docs/api-behaviour.md#the-envelope is
 * where a client reads it.
 */
export const envelopeSchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  /** Item key (identifier, `[i]` or `_request`) -> field label -> message. */
  errors: itemErrorsSchema.optional(),
  data: z
    .object({
      /** Partial success: the identifiers, as sent, of the items that were imported. */
      successIds: z.array(z.string()).optional(),
      /** DELETE: the identifiers that matched an item (kept if a later request wrote it). */
      deletedIds: z.array(z.string()).optional(),
      /** DELETE: the identifiers, as sent, that matched nothing. */
      notFoundIds: z.array(z.string()).optional(),
      /** 202 and 504: the request, whose history record will tell the outcome. */
      requestId: z.string().optional(),
    })
    .optional(),
});
type Envelope = z.infer<typeof envelopeSchema>;

/** The outcome of a request as its history record states it. */
type EnvelopeHistoryStatus = 'success' | 'partial' | 'error';

export interface EnvelopeResult {
  httpStatus: 200 | 422;
  envelope: Envelope;
  historyStatus: EnvelopeHistoryStatus;
}

/**
 * An item after every check: its key in `errors` and its errors. A valid item always has an
 * identifier, and its key is that identifier as sent (X, even when lazy comparison resolved it to
 * a stored Y), so the key is what `successIds` lists.
 */
export type { CheckedItem } from './import-decision';

/** How a POST ended, as the worker knows it. */

/**
 * The `errors` of a request that fails as a whole: `{"_request": {label: message}}`, such as
 * `requestErrors({ [LABELS.identifiers]: MESSAGES.noIdentifiers })` for a DELETE naming nothing.
 */
export function requestErrors(reasons: Readonly<Record<string, string>>): ItemErrors {
  const errors = ownRecord<Record<string, string>>();
  errors[REQUEST_KEY] = Object.assign(ownRecord<string>(), reasons);
  return errors;
}

/** The `errors` of failed items by key; items that share a key have their labels merged. */
function errorsOf(failed: readonly CheckedItem[]): ItemErrors {
  const errors = ownRecord<Record<string, string>>();
  for (const item of failed) {
    const labels = Object.hasOwn(errors, item.key) ? errors[item.key] : undefined;
    const merged = labels ?? ownRecord<string>();
    for (const [label, message] of Object.entries(item.errors)) {
      if (!Object.hasOwn(merged, label)) merged[label] = message;
    }
    errors[item.key] = merged;
  }
  return errors;
}

/**
 * The answer to a request that failed as a whole, for POST and DELETE alike: 422, the first
 * reason under `_request` as the message.
 */
export function buildRequestFailure(errors: ItemErrors): EnvelopeResult {
  const reasons = Object.hasOwn(errors, REQUEST_KEY) ? errors[REQUEST_KEY] : undefined;
  const [message] = Object.values(reasons ?? {});
  return {
    httpStatus: 422,
    envelope: { status: 'error', message: message ?? MESSAGES.requestFailed, errors },
    historyStatus: 'error',
  };
}

/**
 * The answer that goes with a decision (rules 8 to 10,
 * docs/api-behaviour.md#partial-validation-and-all-or-nothing):
 * - every item imported: 200, "N items were imported", no `errors`, no `data`;
 * - partly imported: 200, `status: success`, `errors` for the failed items and
 *   `data.successIds` for the imported ones; history status `partial`;
 * - rejected: 422, "Validation failed for K of M items", `errors` for every failed item; when
 *   some items were valid (partial validation off), the message says that they were not written
 *   and that partial validation would have written them.
 * M counts the items after duplicates were folded (each identifier once).
 */
export function importEnvelope(decision: ImportDecision<CheckedItem>): EnvelopeResult {
  const { accepted, failed, total } = decision;
  switch (decision.outcome) {
    case 'imported':
      return {
        httpStatus: 200,
        envelope: { status: 'success', message: MESSAGES.imported(total) },
        historyStatus: 'success',
      };
    case 'partial': {
      const successIds = accepted.map((item) => item.key);
      return {
        httpStatus: 200,
        envelope: {
          status: 'success',
          message: MESSAGES.partiallyImported(successIds.length, total, failed.length),
          errors: errorsOf(failed),
          data: { successIds },
        },
        historyStatus: 'partial',
      };
    }
    case 'rejected':
      return {
        httpStatus: 422,
        envelope: {
          status: 'error',
          // Valid items beside failed ones are only ever rejected with partial validation off.
          message:
            failed.length < total
              ? MESSAGES.validationFailedNothingWritten(failed.length, total)
              : MESSAGES.validationFailed(failed.length, total),
          errors: errorsOf(failed),
        },
        historyStatus: 'error',
      };
  }
}

/** The answer to a DELETE: an identifier that matched nothing is no error (nothing is left). */
export function buildDeleteEnvelope(result: {
  deletedIds: readonly string[];
  notFoundIds: readonly string[];
}): EnvelopeResult {
  return {
    httpStatus: 200,
    envelope: {
      status: 'success',
      message: MESSAGES.deleted(result.deletedIds.length),
      data: { deletedIds: [...result.deletedIds], notFoundIds: [...result.notFoundIds] },
    },
    historyStatus: 'success',
  };
}
