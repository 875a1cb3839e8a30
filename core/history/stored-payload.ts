/**
 * A request's body as the history keeps it: whole, gzip-compressed, cut into chunk documents of
 * its own collection (history-payloads.repository.ts), so that any body the API takes fits however
 * large. The record names what it takes to find and check it (docs/storage.md#request-payloads).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { z } from 'zod';

/** Each chunk's compressed bytes: a quarter of MongoDB's 16 MiB limit, room to spare. */
export const PAYLOAD_CHUNK_BYTES = 4 * 1024 * 1024;

export const storedPayloadSchema = z.object({
  /** The body's size as received. */
  bytes: z.number().int(),
  /** Its size compressed: what its chunks hold together. */
  storedBytes: z.number().int(),
  /** How many chunk documents hold it. */
  chunks: z.number().int(),
  encoding: z.literal('gzip'),
  /** Of the body as received, hex. */
  sha256: z.string(),
  /** When its chunks go: the record's own expiry, or sooner (HISTORY_PAYLOAD_DAYS). */
  expiresAt: z.date(),
});
export type StoredPayload = z.infer<typeof storedPayloadSchema>;

export interface CompressedPayload {
  stored: StoredPayload;
  chunks: Buffer[];
}

const gzipped = promisify(gzip);

export const sha256Of = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex');

/**
 * The body compressed, as chunks. One gzip stream cut anywhere: the chunks joined in order are
 * the stream again, which a reader can send as it is (Content-Encoding: gzip).
 */
export async function compressPayload(raw: Buffer, expiresAt: Date): Promise<CompressedPayload> {
  const compressed = await gzipped(raw);
  const chunks: Buffer[] = [];
  for (let at = 0; at < compressed.length; at += PAYLOAD_CHUNK_BYTES) {
    chunks.push(compressed.subarray(at, at + PAYLOAD_CHUNK_BYTES));
  }
  const stored: StoredPayload = {
    bytes: raw.length,
    storedBytes: compressed.length,
    chunks: chunks.length,
    encoding: 'gzip',
    sha256: sha256Of(raw),
    expiresAt,
  };
  return { stored, chunks };
}
