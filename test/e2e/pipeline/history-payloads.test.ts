/**
 * Whole payloads in the history (docs/storage.md#request-payloads): every request's body is kept
 * whole, gzip-compressed in chunks of at most 4 MiB, for HISTORY_PAYLOAD_DAYS (never past its
 * record), unless the record's preview holds it byte for byte; the payload route streams it back
 * byte for byte; a body pruned since, or never kept, gets a clear answer.
 */
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { mongo } from 'mongoose';
import type { HistoryView } from '../../../core/history/history-record';
import { PAYLOAD_CHUNK_BYTES } from '../../../core/history/stored-payload';
import { getRaw } from '../../support/raw-get';
import { requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAPPINGS = [
  { source: 'sku', target: { system: 'identifier' } },
  { source: 'title', target: { system: 'name' } },
];

/** `count` items of `each` characters of random text: compresses to about three quarters. */
function randomItems(count: number, each: number): string {
  const items = Array.from({ length: count }, (_, at) => ({
    sku: `R-${at}`,
    title: 'Random',
    blob: randomBytes(Math.ceil((each * 3) / 4))
      .toString('base64')
      .slice(0, each),
  }));
  return JSON.stringify(items);
}

describe('whole payloads in the history', () => {
  let p: Pipeline;
  let url: string;
  let contentType: string;
  const payloadPath = (id: string) =>
    `/api/v1/funnels/${url}/history/${encodeURIComponent(id)}/payload`;
  const getPayload = (id: string, encoding: string | undefined = 'identity') =>
    getRaw(p.api.baseUrl, payloadPath(id), p.token, encoding);
  const postRaw = (body: string, contentType = 'application/json') =>
    p.send('POST', url, { rawBody: body, headers: { 'content-type': contentType } });

  beforeAll(async () => {
    // Bodies kept 2 days, records 30: the tenant's bound is the shorter.
    p = await startPipeline('history-payloads', {
      HISTORY_PAYLOAD_DAYS: '2',
      HISTORY_TTL_DAYS: '30',
    } as Record<string, string>);
    ({ url, contentType } = await p.scenario({ mappings: MAPPINGS }));
  });
  afterAll(() => p.close());

  it('when a body over 256 KiB is recorded, then the payload route streams it back byte for byte, gzip-encoded when asked for and decompressed when not', async () => {
    const body = randomItems(400, 1_000);
    expect(body.length).toBeGreaterThan(256 * 1024);
    const sent = await postRaw(body);
    expect(sent.status).toBe(200);
    const id = requestIdOf(sent);

    const gzipped = await getPayload(id, 'gzip');
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('application/octet-stream');
    expect(gzipped.headers['content-disposition']).toMatch(/filename="[^"]+\.json"$/);
    expect(gunzipSync(gzipped.body).equals(Buffer.from(body))).toBe(true);

    for (const encoding of ['identity', 'br', undefined]) {
      const plain = await getPayload(id, encoding);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(Buffer.from(body))).toBe(true);
    }

    const record = await p.history(url, id);
    expect(record.storedPayload).toMatchObject({ bytes: body.length });
    expect(record.storedPayload?.storedBytes).toBe(gzipped.body.length);
  });

  it('when an NDJSON body is recorded, then it comes back as NDJSON', async () => {
    const ndjson = '{"sku":"N-1","title":"One"}\n{"sku":"N-2","title":"Two"}\n';
    const sent = await postRaw(ndjson, 'application/x-ndjson');
    expect(sent.status).toBe(200);
    const answer = await getPayload(requestIdOf(sent));
    expect(answer.headers['content-disposition']).toMatch(/filename="[^"]+\.ndjson"$/);
    expect(answer.body.toString()).toBe(ndjson);
  });

  it('when a body is short UTF-8 text, then its record alone holds it: no chunk, and the payload route serves it byte for byte', async () => {
    const body = '[ {"sku": "S-1", "title": "Kurz äöü"} ]';
    const sent = await postRaw(body);
    expect(sent.status).toBe(200);
    const record = await p.api.context.db.history.findOne({ requestId: requestIdOf(sent) });
    expect(record).toMatchObject({ payload: body, payloadTruncated: false, storedPayload: null });
    expect(await p.api.context.db.historyPayloads.countDocuments({ record: record?._id })).toBe(0);
    const answer = await getPayload(requestIdOf(sent));
    expect(answer.status).toBe(200);
    expect(answer.body.equals(Buffer.from(body))).toBe(true);
  });

  it('when a short body is not UTF-8 text, then its preview is not taken for it: it is kept apart and comes back byte for byte', async () => {
    const body = Buffer.concat([
      Buffer.from('[{"sku":"U-1","title":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}]'),
    ]);
    const sent = await fetch(`${p.api.baseUrl}/api/v1/funnels/${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
      body,
    });
    expect(sent.status).toBe(200);
    await sent.arrayBuffer();
    const id = requestIdOf(sent);
    const record = await p.api.context.db.history.findOne({ requestId: id });
    expect(record).toMatchObject({ payloadTruncated: true, storedPayload: { bytes: body.length } });
    const answer = await getPayload(id);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(body)).toBe(true);
  });

  it('when a malformed body is recorded, then it comes back as bytes, as it was sent', async () => {
    const malformed = '{"sku": "M-1", ';
    const sent = await postRaw(malformed);
    expect(sent.status).toBe(400);
    const answer = await getPayload(requestIdOf(sent));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.body.toString()).toBe(malformed);
  });

  it("when a body compresses past a chunk, then it is kept in chunks of at most 4 MiB, each well under MongoDB's 16 MiB, with the bound's expiry", async () => {
    const body = randomItems(600, 10_000);
    expect(body.length).toBeGreaterThan(PAYLOAD_CHUNK_BYTES);
    const sent = await postRaw(body);
    expect(sent.status).toBe(200);
    const record = await p.api.context.db.history.findOne({ requestId: requestIdOf(sent) });
    expect(record).not.toBeNull();
    const chunks = await p.api.context.db.historyPayloads
      .find({ record: record?._id })
      .sort({ chunk: 1 })
      .toArray();
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks).toHaveLength(record?.storedPayload?.chunks ?? 0);
    for (const chunk of chunks) {
      expect((chunk.data as mongo.Binary).length()).toBeLessThanOrEqual(PAYLOAD_CHUNK_BYTES);
      expect(mongo.BSON.calculateObjectSize(chunk)).toBeLessThan(PAYLOAD_CHUNK_BYTES + 1024);
    }
    // The tenant's bound: kept 2 days after receipt, while the record stays 30.
    const receivedAt = record?.receivedAt.getTime() ?? 0;
    for (const chunk of chunks) expect(chunk.expiresAt.getTime()).toBe(receivedAt + 2 * DAY_MS);
    expect(record?.storedPayload?.expiresAt.getTime()).toBe(receivedAt + 2 * DAY_MS);
    expect(record?.expiresAt.getTime()).toBe(receivedAt + 30 * DAY_MS);

    const back = await getPayload(requestIdOf(sent), 'gzip');
    expect(gunzipSync(back.body).equals(Buffer.from(body))).toBe(true);
  });

  it('when a kept body has been pruned, then its payload route answers 410, the replay 410, and the preview sets it aside, each saying so', async () => {
    const body = JSON.stringify([{ sku: 'P-1', title: 'Pruned', blob: 'z'.repeat(300 * 1024) }]);
    const sent = await postRaw(body);
    expect(sent.status).toBe(200);
    const id = requestIdOf(sent);
    const record = await p.api.context.db.history.findOne({ requestId: id });
    // What the TTL monitor does once the chunks' expiry has passed.
    await p.api.context.db.historyPayloads.deleteMany({ record: record?._id });

    const gone = await p.api.call('GET', payloadPath(id), { token: p.token });
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ status: 'error', message: expect.stringMatching(/pruned/) });
    const replay = await p.api.call(
      'POST',
      `/api/v1/funnels/${url}/history/${encodeURIComponent(id)}/replay`,
      { token: p.token },
    );
    expect(replay.status).toBe(410);
    expect(replay.body).toMatchObject({ message: expect.stringMatching(/pruned/) });
    const preview = await p.api.call<{ skipped: { requestId: string; reason: string }[] }>(
      'POST',
      '/api/v1/settings/funnel-preview',
      {
        token: p.token,
        body: {
          funnel: { contentType, name: 'Draft', endpointUrl: url, mappings: MAPPINGS },
          history: { limit: 1 },
        },
      },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.skipped).toEqual([
      expect.objectContaining({ requestId: id, reason: expect.stringMatching(/pruned/) }),
    ]);
  });

  it('when the record is of another funnel or none, then 404', async () => {
    const other = await p.scenario({ mappings: MAPPINGS });
    const sent = await p.post(other.url, [{ sku: 'O-1', title: 'Other' }]);
    const answer = await p.api.call('GET', payloadPath(requestIdOf(sent)), { token: p.token });
    expect(answer.status).toBe(404);
    expect((await p.api.call('GET', payloadPath('nope'), { token: p.token })).status).toBe(404);
  });
});

describe('whole payloads kept for no days', () => {
  let p: Pipeline;
  let url: string;

  beforeAll(async () => {
    p = await startPipeline('history-payloads-none', { HISTORY_PAYLOAD_DAYS: '0' } as Record<
      string,
      string
    >);
    ({ url } = await p.scenario({ mappings: MAPPINGS }));
  });
  afterAll(() => p.close());

  it('when HISTORY_PAYLOAD_DAYS is 0, then no chunk is written, a short body is served from its record, and a long one gets 404 saying it was not kept', async () => {
    const short = await p.post(url, [{ sku: 'S-1', title: 'Short' }]);
    const long = await p.post(url, [{ sku: 'L-1', title: 'Long', blob: 'l'.repeat(64 * 1024) }]);
    expect([short.status, long.status]).toEqual([200, 200]);
    expect(await p.api.context.db.historyPayloads.countDocuments({})).toBe(0);
    const path = (id: string) => `/api/v1/funnels/${url}/history/${encodeURIComponent(id)}/payload`;

    const served = await p.api.call<unknown>('GET', path(requestIdOf(short)), { token: p.token });
    expect(served.status).toBe(200);
    expect(served.body).toEqual([{ sku: 'S-1', title: 'Short' }]);
    const record = await p.api.call<HistoryView>(
      'GET',
      `/api/v1/funnels/${url}/history/${encodeURIComponent(requestIdOf(long))}`,
      { token: p.token },
    );
    expect(record.body.storedPayload).toBeNull();
    const refused = await p.api.call('GET', path(requestIdOf(long)), { token: p.token });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ message: expect.stringMatching(/not kept whole/) });
  });
});
