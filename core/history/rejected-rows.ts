/**
 * A recorded request's rejected rows (docs/api-behaviour.md#rejected-rows): for each item that
 * failed, the item as sent with its errors, as NDJSON lines made as they are read. The body is
 * read twice from where it is kept, never held whole: once to find which items failed, once to
 * send them.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Funnel } from '../domain/funnel';
import { sentKeys } from '../domain/mapper';
import { REQUEST_KEY } from '../domain/messages';
import { bodyItems } from './body-items';
import { fromStoredErrors, type HistoryDocument } from './history-record';
import { PayloadGoneError } from './history-payloads.repository';
import type { HistoryRepository } from './history.repository';
import { goneReason, previewBody } from './recorded-body';
import { locateRejected, rejectedLines, type RejectedItems } from './rejected-items';

type RejectedRowsRefusal = 'not-a-post' | 'unfinished' | 'lists-lost' | 'not-kept' | 'gone';

export type RejectedRows =
  | { ok: true; count: number; lines: AsyncIterable<string> }
  | { ok: false; refusal: RejectedRowsRefusal; message: string };

type BodyBytes = () => Promise<AsyncIterable<Buffer> | null>;

const noLines = (): AsyncIterable<string> => Readable.from([]);

/** The stored chunks decompressed as they come; a body found gone midway ends in an error. */
async function* gunzipped(chunks: Readable): AsyncGenerator<Buffer> {
  const gunzip = createGunzip();
  let failure: Error | undefined;
  const piped = pipeline(chunks, gunzip).catch((error: Error) => {
    failure = error;
  });
  try {
    for await (const part of gunzip) yield part as Buffer;
    await piped;
    if (failure) throw failure;
  } finally {
    chunks.destroy();
  }
}

/** Where the body is read from, each time asked: null once its kept chunks are gone. */
function bodyBytes(history: HistoryRepository, record: HistoryDocument): BodyBytes | string {
  const stored = record.storedPayload;
  if (stored) {
    return async () => {
      const chunks = await history.payloads.compressed(record, stored);
      return chunks && gunzipped(chunks);
    };
  }
  const preview = previewBody(record);
  if (!preview.ok) return preview.reason;
  return () => Promise.resolve(Readable.from([Buffer.from(preview.body.raw, 'utf8')]));
}

const gone = (record: HistoryDocument): RejectedRows => ({
  ok: false,
  refusal: 'gone',
  message: `${goneReason(record)}. Its errors are still in the record`,
});

/**
 * The rows of `record`, a request to `funnel`: none when no item failed (a success, or a request
 * refused whole under `_request`). Items are found by the funnel's identifier mapping as it is now.
 */
export async function rejectedRows(
  history: HistoryRepository,
  record: HistoryDocument,
  funnel: Pick<Funnel, 'mappings'>,
): Promise<RejectedRows> {
  if (record.method !== 'POST') {
    return {
      ok: false,
      refusal: 'not-a-post',
      message:
        "A DELETE sends identifiers, not items: its refused identifiers are in the record's errors",
    };
  }
  if (record.status === 'queued' || record.status === 'processing') {
    return { ok: false, refusal: 'unfinished', message: 'The request has not finished yet' };
  }
  if (record.status === 'success') return { ok: true, count: 0, lines: noLines() };
  if (record.listsLost) {
    return {
      ok: false,
      refusal: 'lists-lost',
      message:
        'Its errors could not be recorded (the record keeps its counts and message only): which ' +
        'items failed is not known',
    };
  }
  const errors = fromStoredErrors((await history.withParts(record)).errors);
  const failed = Object.keys(errors).filter((key) => key !== REQUEST_KEY);
  if (failed.length === 0) return { ok: true, count: 0, lines: noLines() };
  const bytes = bodyBytes(history, record);
  if (typeof bytes === 'string') return { ok: false, refusal: 'not-kept', message: bytes };

  const located = await bytes();
  if (!located) return gone(record);
  let rejected: RejectedItems;
  try {
    rejected = await locateRejected(
      bodyItems(located, record.bodyFormat),
      sentKeys(funnel),
      failed,
    );
  } catch (error) {
    // Pruned while it was read: nothing has been sent yet, so the answer can still say so.
    if (error instanceof PayloadGoneError) return gone(record);
    throw error;
  }
  const again = await bytes();
  if (!again) return gone(record);
  const lines = rejectedLines(
    bodyItems(again, record.bodyFormat),
    rejected,
    (key) => errors[key] ?? {},
  );
  return { ok: true, count: rejected.at.size + rejected.unplaced.length, lines };
}
