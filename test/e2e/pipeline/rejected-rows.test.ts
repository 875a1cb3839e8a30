/**
 * Rejected rows (docs/api-behaviour.md#rejected-rows): for a recorded POST, each failed item as
 * the sender wrote it, with its errors, as NDJSON in the order sent; found by the keys the worker
 * gave them (identifier, position, last of duplicates); clear answers for a DELETE, a success, a
 * pruned body, a body not kept, another tenant.
 */
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { getRaw } from '../../support/raw-get';
import { requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';

const MAPPINGS = [
  { source: 'sku', target: { system: 'identifier' } },
  { source: 'title', target: { system: 'name' } },
  { source: 'price', target: { property: 'price' }, optional: true },
];

interface Rejected {
  key: string;
  position: number | null;
  errors: Record<string, string>;
}

/** The lines of an answer, each parsed, and as text. */
function rowsOf(
  body: Buffer,
): { text: string; row: Record<string, unknown> & { _rejected: Rejected } }[] {
  const text = body.toString('utf8');
  if (text === '') return [];
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => ({ text: line, row: JSON.parse(line) as { _rejected: Rejected } }));
}

/** What a line must be: the item's text as sent, then `_rejected`. */
const startsAsSent = (line: string, item: string) =>
  expect(line.startsWith(`${item.slice(0, -1)},"_rejected":`)).toBe(true);

/** Sent as hand-written JSON: spacing, `1.50` and `2e3` must come back as written. */
const MIXED_ITEMS = [
  '{"sku": "A-1", "title": "Fine", "price": 1.50}',
  '{"sku": "A-2", "title": "Bad price", "price": "1.50"}',
  '{"title": "No sku", "price": 2}',
  '{"sku": "A-3", "title": "Dup first", "price": "first"}',
  '{"sku": "A-3", "title": "Dup last",  "price": "last", "extra": {"n": [1, 2e3]}}',
];

describe('rejected rows of a recorded request', () => {
  let p: Pipeline;
  const path = (url: string, id: string, query = '') =>
    `/api/v1/funnels/${url}/history/${encodeURIComponent(id)}/rejected${query}`;
  const getRejected = (url: string, id: string, encoding: string | undefined = 'identity') =>
    getRaw(p.api.baseUrl, path(url, id), p.token, encoding);
  const postRaw = (url: string, body: string, contentType = 'application/json') =>
    p.send('POST', url, { rawBody: body, headers: { 'content-type': contentType } });

  beforeAll(async () => {
    p = await startPipeline('rejected-rows');
  });
  afterAll(() => p.close());

  it.each([
    [false, 422],
    [true, 200],
  ])(
    'when a POST has failed items (partial validation %s), then each comes back once, as sent, with its errors, in the order sent: the last of duplicates, the one without identifier by position',
    async (partialValidation, status) => {
      const { url } = await p.scenario({ mappings: MAPPINGS, partialValidation });
      const sent = await postRaw(url, `[\n  ${MIXED_ITEMS.join(',\n  ')}\n]`);
      expect(sent.status).toBe(status);
      const id = requestIdOf(sent);
      const record = await p.history(url, id);

      const answer = await getRejected(url, id);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/x-ndjson/);
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="${record.recordId}-rejected.ndjson"`,
      );
      expect(answer.headers['x-rejected-rows']).toBe('3');
      const rows = rowsOf(answer.body);
      expect(rows.map(({ row }) => row._rejected)).toEqual([
        { key: 'A-2', position: 1, errors: record.errors['A-2'] },
        { key: '[2]', position: 2, errors: record.errors['[2]'] },
        { key: 'A-3', position: 4, errors: record.errors['A-3'] },
      ]);
      expect(Object.keys(record.errors).sort()).toEqual(['A-2', 'A-3', '[2]']);
      [1, 2, 4].forEach((at, row) => startsAsSent(rows[row]!.text, MIXED_ITEMS[at]!));
    },
  );

  it('when 22 of 5,000 items fail, then exactly those 22 come back, as sent, in order, and gzip-encoded when asked for', async () => {
    const { url } = await p.scenario({ mappings: MAPPINGS, partialValidation: true });
    const bad = new Set(Array.from({ length: 22 }, (_, at) => 17 + at * 227));
    const items = Array.from({ length: 5_000 }, (_, at) => ({
      sku: `L-${at}`,
      title: `Item ${at}`,
      price: bad.has(at) ? `not a number ${at}` : at,
    }));
    const sent = await p.post(url, items);
    expect(sent.status).toBe(200);
    const id = requestIdOf(sent);

    const plain = await getRejected(url, id);
    expect(plain.status).toBe(200);
    const rows = rowsOf(plain.body);
    expect(rows).toHaveLength(22);
    expect(rows.map(({ row }) => row._rejected.position)).toEqual([...bad]);
    rows.forEach(({ text, row }) => {
      const at = row._rejected.position as number;
      startsAsSent(text, JSON.stringify(items[at]));
      expect(row._rejected).toEqual({
        key: `L-${at}`,
        position: at,
        errors: { Price: expect.any(String) as string },
      });
    });

    const gzipped = await getRejected(url, id, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
  });

  it("when 5,000 of 10,000 items fail and the record's errors go on in its parts, then all 5,000 come back, in order", async () => {
    const { url } = await p.scenario({ mappings: MAPPINGS, partialValidation: true });
    // Long identifiers: the lists pass the record's byte budget, and go on in parts.
    const long = 'x'.repeat(200);
    const items = Array.from({ length: 10_000 }, (_, at) => ({
      sku: `${long}-${at}`,
      title: `Item ${at}`,
      price: at % 2 === 1 ? `odd ${at}` : at,
    }));
    const sent = await p.post(url, items);
    expect(sent.status).toBe(200);
    const id = requestIdOf(sent);
    const record = await p.api.context.db.history.findOne({ requestId: id });
    expect(record?.parts).toBeGreaterThan(0);

    const answer = await getRejected(url, id);
    expect(answer.status).toBe(200);
    const rows = rowsOf(answer.body);
    expect(rows).toHaveLength(5_000);
    expect(rows.map(({ row }) => row._rejected.position)).toEqual(
      Array.from({ length: 5_000 }, (_, at) => at * 2 + 1),
    );
    rows.forEach(({ text, row }) => {
      startsAsSent(text, JSON.stringify(items[row._rejected.position as number]));
    });
  });

  it('when an NDJSON body has failed lines, then each row is its line, keyed by identifier or line', async () => {
    const { url } = await p.scenario({ mappings: MAPPINGS, partialValidation: true });
    const lines = ['{"sku":"N-1","title":"Ok"}', '{"title":"No sku"}', '{"sku":"N-3"}'];
    const sent = await postRaw(url, `${lines.join('\r\n')}\n\n`, 'application/x-ndjson');
    expect(sent.status).toBe(200);
    const rows = rowsOf((await getRejected(url, requestIdOf(sent))).body);
    expect(rows.map(({ row }) => [row._rejected.key, row._rejected.position])).toEqual([
      ['[1]', 1],
      ['N-3', 2],
    ]);
    startsAsSent(rows[0]!.text, lines[1]!);
    startsAsSent(rows[1]!.text, lines[2]!);
  });

  it('when no item failed (a success, or a body refused whole), then the answer is empty', async () => {
    const { url } = await p.scenario({ mappings: MAPPINGS });
    const success = await p.post(url, [{ sku: 'S-1', title: 'Fine' }]);
    const malformed = await postRaw(url, '[{"sku": "M-1",');
    expect([success.status, malformed.status]).toEqual([200, 400]);
    for (const sent of [success, malformed]) {
      const answer = await getRejected(url, requestIdOf(sent));
      expect(answer.status).toBe(200);
      expect(answer.headers['x-rejected-rows']).toBe('0');
      expect(answer.body.length).toBe(0);
    }
  });

  it('when the record is of a DELETE, then 409; of another tenant or none, then 404; with a query parameter, then 400', async () => {
    const { url } = await p.scenario({ mappings: MAPPINGS });
    const removed = await p.remove(url, { identifiers: ['nothing'] });
    const deleted = await p.api.call('GET', path(url, requestIdOf(removed)), { token: p.token });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ message: expect.stringMatching(/DELETE/) });

    const failed = await p.post(url, [{ sku: 'T-1' }]);
    expect(failed.status).toBe(422);
    const { token } = await p.api.bootstrap('globex');
    const other = await p.api.call('GET', path(url, requestIdOf(failed)), { token });
    expect(other.status).toBe(404);
    expect((await p.api.call('GET', path(url, 'nope'), { token: p.token })).status).toBe(404);
    const query = await p.api.call('GET', path(url, requestIdOf(failed), '?limit=1'), {
      token: p.token,
    });
    expect(query.status).toBe(400);
  });

  it('when a record is still processing, or its lists could not be stored, then 409 saying why', async () => {
    const { url } = await p.scenario({ mappings: MAPPINGS });
    const sent = await p.post(url, [{ sku: 'U-1' }]);
    expect(sent.status).toBe(422);
    const id = requestIdOf(sent);
    const { history } = p.api.context.db;
    // As a record is while its job runs, and as one is stored when its lists do not fit at all.
    await history.updateOne({ requestId: id }, { $set: { status: 'processing' } });
    const running = await p.api.call('GET', path(url, id), { token: p.token });
    expect(running.status).toBe(409);
    expect(running.body).toMatchObject({ message: expect.stringMatching(/not finished/) });
    await history.updateOne(
      { requestId: id },
      { $set: { status: 'error', listsLost: true, errors: [] } },
    );
    const lost = await p.api.call('GET', path(url, id), { token: p.token });
    expect(lost.status).toBe(409);
    expect(lost.body).toMatchObject({ message: expect.stringMatching(/not known/) });
  });

  it('when the kept body has been pruned, then 410 saying so, and that the errors are in the record', async () => {
    const { url } = await p.scenario({ mappings: MAPPINGS });
    const sent = await p.post(url, [{ sku: 'P-1', blob: 'p'.repeat(64 * 1024) }]);
    expect(sent.status).toBe(422);
    const record = await p.api.context.db.history.findOne({ requestId: requestIdOf(sent) });
    // What the TTL monitor does once the chunks' expiry has passed.
    await p.api.context.db.historyPayloads.deleteMany({ record: record?._id });
    const gone = await p.api.call('GET', path(url, requestIdOf(sent)), { token: p.token });
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ message: expect.stringMatching(/pruned.*errors/s) });
  });

  it('when a chunk of the kept body is gone while it is read, then 410, not a broken answer', async () => {
    const { url } = await p.scenario({ mappings: MAPPINGS });
    // Random text does not compress: 6 MB of it takes two chunks. No title: every item fails.
    const items = Array.from({ length: 600 }, (_, at) => ({
      sku: `C-${at}`,
      blob: randomBytes(7_500).toString('base64'),
    }));
    const sent = await p.post(url, items);
    expect(sent.status).toBe(422);
    const record = await p.api.context.db.history.findOne({ requestId: requestIdOf(sent) });
    expect(record?.storedPayload?.chunks).toBeGreaterThan(1);
    // Its first chunk is there; a later one went with its expiry.
    await p.api.context.db.historyPayloads.deleteOne({ record: record?._id, chunk: 1 });
    const gone = await p.api.call('GET', path(url, requestIdOf(sent)), { token: p.token });
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ message: expect.stringMatching(/pruned/) });
  });
});

describe('rejected rows of bodies not kept whole', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('rejected-rows-none', { HISTORY_PAYLOAD_DAYS: '0' } as Record<
      string,
      string
    >);
  });
  afterAll(() => p.close());

  it('when HISTORY_PAYLOAD_DAYS is 0, then a short body gives its rows from its record, and a long one 404 saying it was not kept', async () => {
    const { url } = await p.scenario({ mappings: MAPPINGS });
    const short = await p.post(url, [{ sku: 'S-1' }]);
    const long = await p.post(url, [{ sku: 'L-1', blob: 'l'.repeat(64 * 1024) }]);
    expect([short.status, long.status]).toEqual([422, 422]);
    const path = (id: string) =>
      `/api/v1/funnels/${url}/history/${encodeURIComponent(id)}/rejected`;

    const served = await getRaw(p.api.baseUrl, path(requestIdOf(short)), p.token, undefined);
    expect(served.status).toBe(200);
    expect(rowsOf(served.body).map(({ row }) => row)).toEqual([
      { sku: 'S-1', _rejected: { key: 'S-1', position: 0, errors: expect.any(Object) as object } },
    ]);
    const refused = await p.api.call('GET', path(requestIdOf(long)), { token: p.token });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ message: expect.stringMatching(/not kept whole/) });
  });
});
