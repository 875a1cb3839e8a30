/**
 * One body through a draft funnel, by the rules a funnel request meets (the same functions a
 * worker calls), as a dry run: the store is only read, nothing is written.
 */
import type { ItemReads } from '../items/item-reads';
import { prepareImport } from '../ingest/import-items';
import { parseBody } from '../ingest/prepare-request';
import { failedRequest } from '../ingest/request-result';
import type { ContentType } from '../domain/content-type';
import type { Funnel } from '../domain/funnel';
import { REQUEST_KEY } from '../domain/messages';
import type { DraftAnswer } from './preview-schema';
import type { RawBody } from '../history/recorded-body';

export interface Draft {
  tenant: string;
  funnel: Funnel;
  contentType: ContentType;
}

/** The keys of items with errors: the request's own key is no item. */
export const failedKeys = (errors: Readonly<Record<string, unknown>> | undefined): string[] =>
  Object.keys(errors ?? {}).filter((key) => key !== REQUEST_KEY);

/** The answer, and the keys of the items it writes (an answer lists them only when partial). */
export interface DraftRun {
  answer: DraftAnswer;
  successIds: string[];
}

export async function runDraft(items: ItemReads, draft: Draft, body: RawBody): Promise<DraftRun> {
  const parsed = parseBody(body.raw, body.format);
  if (!parsed.ok) {
    const { httpStatus, message, itemCount, envelope } = failedRequest(400, parsed.message);
    const answer = { httpStatus, message, itemCount, envelope, status: 'error' as const };
    return { answer: { ...answer, imported: 0, failed: 0, resolved: [] }, successIds: [] };
  }
  const now = new Date();
  const { result } = await prepareImport(items, {
    ...draft,
    raw: body.raw,
    parsed: parsed.value,
    // Only writes use the receipt, and a dry run has none.
    receipt: { sequence: 0, receivedAt: now },
    dryRun: true,
  });
  const answer = {
    httpStatus: result.httpStatus,
    status: result.historyStatus,
    message: result.envelope.message,
    itemCount: result.itemCount,
    imported: result.successIds.length,
    failed: failedKeys(result.envelope.errors).length,
    envelope: result.envelope,
    resolved: result.resolved,
  };
  return { answer, successIds: result.successIds };
}
