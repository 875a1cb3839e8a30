/**
 * Hostile and broken input is answered with a 4xx and an ordinary envelope, never a 500: bad JSON,
 * wrong media types, oversized and overdeep bodies, objects where strings belong, query operators
 * as identifiers, prototype keys, and funnels that are not the caller's. Limits are lowered for
 * this file: MAX_BODY_BYTES 2048, MAX_ITEMS 5.
 */
import { identifiers, startPipeline, type Pipeline } from './pipeline-fixture';

const JSON_HEADERS = { 'content-type': 'application/json' };
const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

describe('bad input', () => {
  let p: Pipeline;
  let url: string;
  let contentType: string;

  beforeAll(async () => {
    p = await startPipeline('bad-input', { MAX_BODY_BYTES: '2048', MAX_ITEMS: '5' });
    ({ url, contentType } = await p.scenario({
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
        { source: 'color', target: { property: 'color' }, optional: true },
      ],
    }));
    expect((await p.post(url, [{ sku: 'kept', title: 'Kept' }])).status).toBe(200);
  });
  afterEach(() => expect(p.serverErrors()).toEqual([]));
  afterAll(() => p.close());

  const raw = (method: string, rawBody: string, headers: Record<string, string> = JSON_HEADERS) =>
    p.send(method, url, { rawBody, headers });

  it.each([
    ['cut short', '{"sku": "A-1",'],
    ['followed by garbage', '{"sku": "A-1", "title": "Shoe"} x'],
    ['with single quotes', "{'sku': 'A-1'}"],
    ['a bare word', 'undefined'],
  ])('when the JSON is malformed (%s), then 400', async (_case, body) => {
    for (const method of ['POST', 'DELETE']) {
      const response = await raw(method, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        status: 'error',
        message: 'The request body is not valid JSON',
      });
    }
  });

  it.each([
    ['text/plain'],
    ['application/x-www-form-urlencoded'],
    ['multipart/form-data; boundary=x'],
  ])('when the Content-Type is %s, then 415', async (type) => {
    const bodies = { POST: '{"sku": "A-1", "title": "Shoe"}', DELETE: '{"identifiers": ["kept"]}' };
    for (const [method, body] of Object.entries(bodies)) {
      const response = await raw(method, body, { 'content-type': type });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        status: 'error',
        message: 'The request body must be application/json or application/x-ndjson',
      });
    }
    expect(identifiers(await p.items(contentType))).toContain('kept');
  });

  it.each([
    ['a string', '"A-1"', 'The request body must be an object or an array of objects'],
    ['a number', '12', 'The request body must be an object or an array of objects'],
    ['true', 'true', 'The request body must be an object or an array of objects'],
    [
      'an array holding a string',
      '[{"sku": "A-1", "title": "x"}, "A-2"]',
      'Item [1] is not an object',
    ],
    ['an array holding null', '[null]', 'Item [0] is not an object'],
    ['an array holding an array', '[[{"sku": "A-1", "title": "x"}]]', 'Item [0] is not an object'],
  ])('when the body is %s, then 400', async (_case, body, message) => {
    const response = await raw('POST', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 'error', message });
  });

  it('when the body is over MAX_BODY_BYTES, then 413 and nothing is stored', async () => {
    const before = await p.store();
    const body = JSON.stringify({ sku: 'big', title: 'x'.repeat(2048) });
    for (const method of ['POST', 'DELETE']) {
      const response = await raw(method, body);
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ status: 'error', message: 'The request body is too large' });
    }
    expect(await p.store()).toEqual(before);
  });

  it('when there are more than MAX_ITEMS items or identifiers, then 413; exactly MAX_ITEMS pass', async () => {
    const items = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ sku: `max-${i}`, title: 'x' }));
    const tooMany = await p.post(url, items(6));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toEqual({
      status: 'error',
      message: 'The request holds 6 items; at most 5 are accepted',
    });
    const tooManyIds = await p.remove(url, [
      { identifiers: ['a', 'b', 'c'] },
      { identifiers: ['d', 'e', 'kept'] },
    ]);
    expect(tooManyIds.status).toBe(413);
    expect(tooManyIds.body).toEqual({
      status: 'error',
      message: 'The request holds 6 identifiers; at most 5 are accepted',
    });
    expect(identifiers(await p.items(contentType))).not.toContain('max-0');
    expect(identifiers(await p.items(contentType))).toContain('kept');

    const exactly = await p.post(url, items(5));
    expect(exactly.status).toBe(200);
    expect(exactly.body).toEqual({ status: 'success', message: '5 items were imported' });
  });

  it('when the body is nested deeper than 64 levels, then 400; 64 levels pass', async () => {
    // The item object is level 1, so n brackets inside it make n + 1 levels.
    const nested = (brackets: number) =>
      `{"sku": "deep", "title": "Deep", "extra": ${'['.repeat(brackets)}${']'.repeat(brackets)}}`;
    const tooDeep = await raw('POST', nested(64));
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toEqual({
      status: 'error',
      message: 'The request body is nested deeper than 64 levels',
    });
    const deepest = await raw('POST', nested(63));
    expect(deepest.status).toBe(200);
    expect(deepest.body).toEqual({ status: 'success', message: '1 item was imported' });
  });

  it('when an object is sent where a string belongs, then 422 for that item', async () => {
    const response = await p.post(url, [
      { sku: 'obj-1', title: { text: 'Shoe' } },
      { sku: { id: 'obj-2' }, title: 'Boot' },
      { sku: ['obj-3'], title: 'Sandal' },
    ]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 3 of 3 items',
      errors: {
        'obj-1': { 'Product Name': 'Expected a string' },
        '[1]': { 'Product Identifier': 'Expected an identifier: a non-empty string or an integer' },
        '[2]': { 'Product Identifier': 'Expected an identifier: a non-empty string or an integer' },
      },
    });
  });

  it('when a query operator is sent as identifier or reference, then 422 and the store is unchanged', async () => {
    const brands = await p.scenario({ kind: 'generic', properties: [] });
    expect((await p.post(brands.url, { sku: 'nike', name: 'Nike' })).status).toBe(200);
    const lazy = await p.scenario({
      properties: [
        { key: 'brand', label: 'Brand', type: 'reference', contentType: brands.contentType },
      ],
      mappings: [
        { source: 'sku', target: { system: 'identifier' }, lazy: true },
        { source: 'brand', target: { property: 'brand' } },
      ],
    });
    const before = await p.store();
    const response = await p.post(lazy.url, [
      { sku: { $gt: '' }, brand: 'nike' },
      { sku: 'op-2', brand: { $gt: '' } },
      { sku: 'op-3', brand: { $ne: null } },
      { sku: { $regex: '.*' }, brand: { $in: ['nike'] } },
    ]);
    expect(response.status).toBe(422);
    const identifierType = 'Expected an identifier: a non-empty string or an integer';
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 4 of 4 items',
      errors: {
        '[0]': { 'Product Identifier': identifierType },
        'op-2': { Brand: identifierType },
        'op-3': { Brand: identifierType },
        '[3]': { 'Product Identifier': identifierType, Brand: identifierType },
      },
    });
    expect(await p.store()).toEqual(before);
  });

  it('when identifiers hold "$" and ".", then they are ordinary strings', async () => {
    const response = await p.post(url, [
      { sku: '$where', title: 'Dollar' },
      { sku: 'a.b', title: 'Dot' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '2 items were imported' });
    expect(await p.item(contentType, '$where')).toMatchObject({
      identifier: '$where',
      name: 'Dollar',
    });
    expect(await p.item(contentType, 'a.b')).toMatchObject({ identifier: 'a.b', name: 'Dot' });
  });

  it('when items hold __proto__ and constructor keys, then they are plain data and Object.prototype is untouched', async () => {
    const keys = prototypeKeys();
    const body =
      '[{"sku": "__proto__", "title": "Proto", "__proto__": {"polluted": true}},' +
      ' {"sku": "constructor", "constructor": {"prototype": {"polluted": true}}},' +
      ' {"sku": "proto-3", "title": "Three", "__proto__": {"color": "red"}}]';
    const response = await raw('POST', body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual(
      JSON.parse(
        '{"status": "error", "message": "Validation failed for 1 of 3 items; the 2 valid items were not written, as partial validation is off (it would have written them)",' +
          ' "errors": {"constructor": {"Product Name": "This field is required"}}}',
      ),
    );
    const fixed = await raw(
      'POST',
      body.replace('"sku": "constructor"', '"sku": "constructor", "title": "Ctor"'),
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body).toEqual({ status: 'success', message: '3 items were imported' });
    expect(await p.item(contentType, '__proto__')).toMatchObject({ name: 'Proto', properties: {} });
    expect(await p.item(contentType, 'constructor')).toMatchObject({
      name: 'Ctor',
      properties: {},
    });
    expect(prototypeKeys()).toEqual(keys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('when an item key or an error label is __proto__, then the errors still name it', async () => {
    const labelled = await p.scenario({
      partialValidation: true,
      properties: [
        { key: 'a', label: '__proto__', type: 'number' },
        { key: 'b', label: 'constructor', type: 'integer' },
      ],
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'a', target: { property: 'a' } },
        { source: 'b', target: { property: 'b' } },
      ],
    });
    const answer = await p.send('POST', labelled.url, {
      rawBody: '[{"sku": "__proto__", "a": "1", "b": 1.5}, {"sku": "ok", "a": 1, "b": 2}]',
      headers: JSON_HEADERS,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(
      JSON.parse(
        '{"status": "success", "message": "1 of 2 items was imported; 1 failed validation",' +
          ' "errors": {"__proto__": {"__proto__": "Expected a number", "constructor": "Expected an integer"}},' +
          ' "data": {"successIds": ["ok"]}}',
      ),
    );
    const id = answer.headers.get('x-request-id') ?? '';
    expect((await p.history(labelled.url, id)).errors).toEqual(
      JSON.parse(
        '{"__proto__": {"__proto__": "Expected a number", "constructor": "Expected an integer"}}',
      ),
    );
  });

  it('when the funnel does not exist, then 404', async () => {
    for (const method of ['POST', 'DELETE']) {
      const response = await p.send(method, 'no-such-funnel', {
        body: method === 'POST' ? { sku: 'A-1' } : { identifiers: ['A-1'] },
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        status: 'error',
        message: 'No funnel with endpoint URL "no-such-funnel"',
      });
    }
  });

  it('when the funnel belongs to another tenant, then 404 and its items are untouched', async () => {
    const { token: stranger } = await p.api.bootstrap('globex');
    const before = await p.store();
    for (const method of ['POST', 'DELETE']) {
      const response = await p.send(method, url, {
        token: stranger,
        body: method === 'POST' ? { sku: 'kept', title: 'Hijacked' } : { identifiers: ['kept'] },
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        status: 'error',
        message: `No funnel with endpoint URL "${url}"`,
      });
    }
    expect(await p.store()).toEqual(before);
  });
});
