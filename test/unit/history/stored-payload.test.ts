/** A body as the history keeps it: one gzip stream, cut into chunks of at most 4 MiB. */
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import {
  compressPayload,
  PAYLOAD_CHUNK_BYTES,
  sha256Of,
} from '../../../core/history/stored-payload';

describe('compressPayload', () => {
  const expiresAt = new Date('2026-12-01T00:00:00Z');

  it('when a body compresses past several chunks, then each is at most 4 MiB and they join into the gzip of the body', async () => {
    // Random bytes do not compress: 9 MiB of them take three chunks.
    const raw = randomBytes(9 * 1024 * 1024);
    const { stored, chunks } = await compressPayload(raw, expiresAt);
    expect(chunks).toHaveLength(3);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(PAYLOAD_CHUNK_BYTES);
    const joined = Buffer.concat(chunks);
    expect(gunzipSync(joined).equals(raw)).toBe(true);
    expect(stored).toEqual({
      bytes: raw.length,
      storedBytes: joined.length,
      chunks: 3,
      encoding: 'gzip',
      sha256: sha256Of(raw),
      expiresAt,
    });
  });

  it('when the same body is compressed twice, then the chunks are the same bytes (a rerun rewrites them alike)', async () => {
    const raw = Buffer.from(JSON.stringify([{ sku: 'A-1', title: 'Shoe' }]));
    const [first, second] = await Promise.all([
      compressPayload(raw, expiresAt),
      compressPayload(raw, expiresAt),
    ]);
    expect(Buffer.concat(first.chunks).equals(Buffer.concat(second.chunks))).toBe(true);
  });

  it('when the body is empty, then it is one chunk that decompresses to nothing', async () => {
    const { stored, chunks } = await compressPayload(Buffer.alloc(0), expiresAt);
    expect(stored).toMatchObject({ bytes: 0, chunks: 1 });
    expect(gunzipSync(Buffer.concat(chunks)).length).toBe(0);
  });
});
