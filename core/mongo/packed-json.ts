/**
 * JSON text deflated and in base64: how large values that are only ever read whole are stored.
 * FerretDB v1 finds a document by `_id`, and updates one, by parsing every row before it (or
 * every row) in SQLite; it parses one short string many times faster than the same value as
 * nested documents. MongoDB gets smaller documents from it too.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

export function packJson(value: unknown): string {
  return deflateRawSync(JSON.stringify(value)).toString('base64');
}

/** The JSON text a `packJson` answer holds. */
export function unpackJsonText(packed: string): string {
  return inflateRawSync(Buffer.from(packed, 'base64')).toString('utf8');
}

export function unpackJson<T>(packed: string): T {
  return JSON.parse(unpackJsonText(packed)) as T;
}
