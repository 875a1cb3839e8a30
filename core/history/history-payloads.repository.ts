/**
 * The bodies of recorded requests, compressed and in chunks (stored-payload.ts). Chunks are
 * written before the record that names them, outside its transaction: each is an upsert under an
 * id its record and number make, so writing the record again (a retried job) rewrites the same
 * chunks, and chunks a failed transaction leaves without a record go with their expiry
 * (docs/storage.md#request-payloads).
 */
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { HistoryCollections } from './history-collections';
import type { HistoryPayloadChunkDocument } from './history-payload-chunk';
import { compressPayload, sha256Of, type StoredPayload } from './stored-payload';

/** A record, as far as its body is concerned. */
export interface PayloadOwner {
  _id: string;
  tenant: string;
}

/** A body to keep, for the record `record`, until `expiresAt`. */
export interface KeptBody {
  record: PayloadOwner;
  raw: Buffer;
  expiresAt: Date;
}

/** Told of each body kept: what the metrics count. */
export type PayloadKept = (stored: StoredPayload) => void;

/** A body found gone while it was being read: its expiry caught it midway. */
export class PayloadGoneError extends Error {
  constructor() {
    super('A chunk of the payload is gone');
    this.name = 'PayloadGoneError';
  }
}

const gunzipped = promisify(gunzip);

const chunkId = (record: string, chunk: number): string => `${record}:${chunk}`;

const bytesOf = (chunk: HistoryPayloadChunkDocument): Buffer =>
  Buffer.isBuffer(chunk.data) ? chunk.data : Buffer.from(chunk.data.buffer);

export class HistoryPayloadsRepository {
  constructor(
    private readonly db: Pick<HistoryCollections, 'historyPayloads'>,
    private readonly kept: PayloadKept = () => undefined,
  ) {}

  /**
   * Compresses and writes each body as that of its record; what each record keeps of it, in
   * order. One command for them all, which the driver splits when it outgrows a message.
   */
  async keep(bodies: readonly KeptBody[]): Promise<StoredPayload[]> {
    const compressed = await Promise.all(
      bodies.map(({ raw, expiresAt }) => compressPayload(raw, expiresAt)),
    );
    const documents = bodies.flatMap(({ record, expiresAt }, at) =>
      (compressed[at]?.chunks ?? []).map((data, chunk): HistoryPayloadChunkDocument => ({
        _id: chunkId(record._id, chunk),
        tenant: record.tenant,
        record: record._id,
        chunk,
        data,
        expiresAt,
      })),
    );
    if (documents.length > 0) {
      await this.db.historyPayloads.bulkWrite(
        documents.map((document) => ({
          replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true },
        })),
        { ordered: false },
      );
    }
    const stored = compressed.map((payload) => payload.stored);
    stored.forEach(this.kept);
    return stored;
  }

  /**
   * The compressed body, chunk after chunk, or null when its first chunk is gone (expired). A
   * chunk found missing later (the expiry caught it midway) ends the stream with an error.
   */
  async compressed(record: PayloadOwner, stored: StoredPayload): Promise<Readable | null> {
    // One chunk a reply: the stream holds one chunk at a time, whatever the body's size.
    const cursor = this.chunks(record, stored).batchSize(1);
    const first = await cursor.next();
    if (!first || first.chunk !== 0) {
      await cursor.close();
      return null;
    }
    async function* rest(): AsyncGenerator<Buffer> {
      let expected = 0;
      try {
        for (
          let chunk: HistoryPayloadChunkDocument | null = first;
          chunk;
          chunk = await cursor.next()
        ) {
          if (chunk.chunk !== expected) throw new PayloadGoneError();
          expected += 1;
          yield bytesOf(chunk);
        }
        if (expected !== stored.chunks) throw new PayloadGoneError();
      } finally {
        await cursor.close();
      }
    }
    return Readable.from(rest(), { objectMode: false });
  }

  /** The body as received, or null when any of it is gone or it does not check out. */
  async whole(record: PayloadOwner, stored: StoredPayload): Promise<Buffer | null> {
    const chunks = await this.chunks(record, stored).toArray();
    if (chunks.length !== stored.chunks || chunks.some((chunk, at) => chunk.chunk !== at)) {
      return null;
    }
    const raw = await gunzipped(Buffer.concat(chunks.map(bytesOf)));
    return sha256Of(raw) === stored.sha256 ? raw : null;
  }

  private chunks(record: PayloadOwner, stored: StoredPayload) {
    return this.db.historyPayloads
      .find({ tenant: record.tenant, record: record._id, chunk: { $lt: stored.chunks } })
      .sort({ chunk: 1 });
  }
}
