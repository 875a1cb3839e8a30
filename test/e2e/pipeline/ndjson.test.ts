/**
 * NDJSON bodies (docs/api-behaviour.md#request-bodies): a POST of one item a line and a DELETE of
 * one `{"identifiers": [...]}` a line answer, store and record exactly what the JSON array of the
 * same lines does; a bad line is refused with its number; the history keeps the text as sent.
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { waitUntil } from '../../support/wait-until';
import { requestIdOf, startPipeline, type ItemView, type Pipeline } from './pipeline-fixture';
import { propertyRuns } from '../../support/property-runs';

const NDJSON = { 'content-type': 'application/x-ndjson' };

const ndjson = (values: readonly unknown[], eol = '\n'): string =>
  values.map((value) => JSON.stringify(value)).join(eol) + eol;

/** What an item holds, without the times of its writes. */
const contents = (items: readonly ItemView[]) =>
  items.map(({ createdAt: _c, updatedAt: _u, ...rest }) => rest);

/** Items as senders send them: good ones, duplicates, and ones that fail (no sku, a bad price). */
const item = fc.oneof(
  fc.record({
    sku: fc.constantFrom('A-1', 'A-2', 'A-3', 'A-4'),
    title: fc.string({ maxLength: 5 }),
  }),
  fc.record({
    sku: fc.constantFrom('B-1', 'B-2'),
    title: fc.constant('Priced'),
    price: fc.double(),
  }),
  fc.record({ title: fc.constant('No sku') }),
  fc.record({ sku: fc.constant('C-1'), title: fc.constant('Bad price'), price: fc.constant('12') }),
);
const mappings = [
  { source: 'sku', target: { system: 'identifier' } },
  { source: 'title', target: { system: 'name' } },
  { source: 'price', target: { property: 'price' }, optional: true },
];

describe('NDJSON bodies', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('ndjson');
  });
  afterEach(() => expect(p.serverErrors()).toEqual([]));
  afterAll(() => p.close());

  const sendNdjson = (method: string, url: string, rawBody: string, options = {}) =>
    p.send(method, url, { rawBody, headers: NDJSON, ...options });
  const historyCount = () => p.api.context.db.history.countDocuments({});

  it('when items are sent a line each, then the answer and the items are those of the JSON array', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        async (items, partialValidation, eol) => {
          const asJson = await p.scenario({ mappings, partialValidation });
          const asNdjson = await p.scenario({ mappings, partialValidation });
          const fromJson = await p.post(asJson.url, items);
          const fromNdjson = await sendNdjson('POST', asNdjson.url, ndjson(items, eol));
          expect(fromNdjson.status).toBe(fromJson.status);
          expect(fromNdjson.body).toEqual(fromJson.body);
          expect(contents(await p.items(asNdjson.contentType))).toEqual(
            contents(await p.items(asJson.contentType)),
          );
        },
      ),
      { numRuns: propertyRuns(8), seed: 16 },
    );
  });

  it('when identifier groups are sent a line each, then the DELETE answers as the JSON array of them', async () => {
    const groups = [
      [{ identifiers: ['D-1', 'D-2'] }, { identifiers: ['D-9'] }, { identifiers: [] }],
      [{ identifiers: ['D-3'] }, { identifiers: ['D-1', ''] }, { identifiers: [null, 'D-2'] }],
    ];
    for (const body of groups) {
      const answers = [];
      for (const send of ['json', 'ndjson']) {
        const { url, contentType } = await p.scenario();
        const seeded = await p.post(url, [
          { sku: 'D-1', title: 'One' },
          { sku: 'D-2', title: 'Two' },
          { sku: 'D-3', title: 'Three' },
        ]);
        expect(seeded.status).toBe(200);
        const answer =
          send === 'json'
            ? await p.remove(url, body)
            : await sendNdjson('DELETE', url, ndjson(body));
        answers.push({ ...answer, left: (await p.items(contentType)).map((i) => i.identifier) });
      }
      const [fromJson, fromNdjson] = answers;
      expect(fromNdjson?.status).toBe(fromJson?.status);
      expect(fromNdjson?.body).toEqual(fromJson?.body);
      expect(fromNdjson?.left).toEqual(fromJson?.left);
    }
  });

  it('when lines have no identifier, then their errors are keyed [i], i the line from 0', async () => {
    const { url } = await p.scenario({ partialValidation: true });
    const body = ndjson([
      { sku: 'K-1', title: 'Kept' },
      { title: 'No sku' },
      { sku: 'K-2', title: 'Kept' },
      { sku: '', title: 'Empty sku' },
    ]);
    const response = await sendNdjson('POST', url, body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '2 of 4 items were imported; 2 failed validation',
      errors: {
        '[1]': { 'Product Identifier': 'This field is required' },
        '[3]': { 'Product Identifier': 'This field is required' },
      },
      data: { successIds: ['K-1', 'K-2'] },
    });
  });

  it.each([
    [
      'a line that is not JSON',
      '{"sku": "E-1", "title": "One"}\n{"sku": "E-2", "title":\n',
      400,
      'Line 2 (counting from 1) is not valid JSON',
    ],
    [
      'an empty line before a value',
      '{"sku": "E-1", "title": "One"}\n\n{"sku": "E-2", "title": "Two"}\n',
      400,
      'Line 2 (counting from 1) is empty; only the end of an NDJSON body may be blank',
    ],
    [
      'a line that is an array',
      '{"sku": "E-1", "title": "One"}\n[{"sku": "E-2", "title": "Two"}]\n',
      400,
      'Line 2 (counting from 1) is not an object; each line must be one JSON object',
    ],
    [
      'a 10,001st line',
      ndjson(Array.from({ length: 10_001 }, (_, k) => ({ sku: `E-${k}`, title: 'Many' }))),
      413,
      'The request holds 10001 items; at most 10000 are accepted',
    ],
  ])(
    'when a POST has %s, then it is refused (400 or 413) naming it; nothing is stored, and the refusal is recorded',
    async (_, body, status, message) => {
      const { url, contentType } = await p.scenario();
      const records = await historyCount();
      const response = await sendNdjson('POST', url, body);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ status: 'error', message });
      expect(await p.items(contentType)).toEqual([]);
      expect(await historyCount()).toBe(records + 1);
      const record = await p.history(url, response.headers.get('x-request-id') ?? '');
      expect(record).toMatchObject({ status: 'error', httpStatus: status, message, itemCount: 0 });
    },
  );

  it('when a DELETE line is not an identifiers group, then 400 naming it, and nothing is deleted', async () => {
    const { url, contentType } = await p.scenario();
    await p.post(url, { sku: 'G-1', title: 'Kept' });
    for (const line of ['["G-1"]', '{"identifiers": "G-1"}', '{"identifiers": [']) {
      const response = await sendNdjson('DELETE', url, `{"identifiers": ["G-1"]}\n${line}\n`);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Line 2 \(counting from 1\) /);
    }
    expect((await p.items(contentType)).map((i) => i.identifier)).toEqual(['G-1']);
  });

  it('when exactly 10,000 lines are sent, then they pass (a dry run, to write nothing)', async () => {
    const { url, contentType } = await p.scenario();
    const body = ndjson(
      Array.from({ length: 10_000 }, (_, k) => ({ sku: `M-${k}`, title: 'Many' })),
    );
    const response = await sendNdjson('POST', url, body, { dryRun: true });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '10000 items were imported' });
    expect(await p.items(contentType)).toEqual([]);
  });

  it('when blank lines end the body, then they are ignored; a blank body is empty', async () => {
    const { url, contentType } = await p.scenario();
    const ok = await sendNdjson('POST', url, '{"sku": "T-1", "title": "One"}\r\n\n  \n');
    expect(ok.status).toBe(200);
    expect((await p.items(contentType)).map((i) => i.identifier)).toEqual(['T-1']);
    const blank = await sendNdjson('POST', url, '\n\n');
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ _request: { Body: 'The request body is empty' } });
  });

  it('when an NDJSON request is done, then its history record keeps the text as sent', async () => {
    const { url } = await p.scenario();
    const body = '{"sku": "H-1", "title": "One"}\r\n{"sku": "H-2",  "title": "Two"}\n';
    const response = await sendNdjson('POST', url, body);
    expect(response.status).toBe(200);
    const record = await p.history(url, requestIdOf(response));
    expect(record).toMatchObject({ payload: body, payloadTruncated: false, itemCount: 2 });
  });

  it('when an NDJSON request is a dry run, then it answers as the real run and writes nothing', async () => {
    const { url, contentType } = await p.scenario();
    const body = ndjson([{ sku: 'R-1', title: 'One' }, { title: 'No sku' }]);
    const dry = await sendNdjson('POST', url, body, { dryRun: true });
    expect(await p.items(contentType)).toEqual([]);
    expect((await p.history(url, requestIdOf(dry))).dryRun).toBe(true);
    const real = await sendNdjson('POST', url, body);
    expect(dry.status).toBe(422);
    expect(dry.body).toEqual(real.body);
  });

  it('when an NDJSON request is repeated with its Idempotency-Key, then the first answer comes back', async () => {
    const { url, contentType } = await p.scenario();
    const headers = { ...NDJSON, 'Idempotency-Key': 'ndjson-once' };
    const body = ndjson([
      { sku: 'I-1', title: 'Once' },
      { sku: 'I-3', title: 'Once' },
    ]);
    const first = await p.send('POST', url, { rawBody: body, headers });
    expect(first.status).toBe(200);
    const records = await historyCount();
    const again = await p.send('POST', url, { rawBody: body, headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await historyCount()).toBe(records);
    const other = await p.send('POST', url, {
      rawBody: ndjson([{ sku: 'I-2', title: 'Other' }]),
      headers,
    });
    expect(other.status).toBe(422);
    expect((await p.items(contentType)).map((i) => i.identifier)).toEqual(['I-1', 'I-3']);
  });

  it('when an NDJSON request prefers respond-async, then the worker reads it as NDJSON', async () => {
    const { url, contentType } = await p.scenario();
    const body = ndjson([
      { sku: 'Q-1', title: 'One' },
      { sku: 'Q-2', title: 'Two' },
    ]);
    const response = await p.send('POST', url, {
      rawBody: body,
      headers: { ...NDJSON, Prefer: 'respond-async' },
    });
    expect(response.status).toBe(202);
    const requestId = requestIdOf(response);
    const record = await waitUntil(
      () => p.history(url, requestId),
      (seen) => !['queued', 'processing'].includes(seen.status),
      { what: 'the record to be final', timeoutMs: 15_000, everyMs: 50 },
    );
    expect(record).toMatchObject({ status: 'success', httpStatus: 200, itemCount: 2 });
    expect((await p.items(contentType)).map((i) => i.identifier)).toEqual(['Q-1', 'Q-2']);
  });

  it('when an NDJSON body is gzip-compressed, then it is imported', async () => {
    const { url, contentType } = await p.scenario();
    const response = await fetch(`${p.api.baseUrl}/api/v1/funnels/${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}`, ...NDJSON, 'content-encoding': 'gzip' },
      body: gzipSync(
        ndjson([
          { sku: 'Z-1', title: 'One' },
          { sku: 'Z-2', title: 'Two' },
        ]),
      ),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success', message: '2 items were imported' });
    expect((await p.items(contentType)).map((i) => i.identifier)).toEqual(['Z-1', 'Z-2']);
  });
});
