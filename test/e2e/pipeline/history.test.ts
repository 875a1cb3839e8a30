/**
 * The request history (docs/api-behaviour.md#the-history-record): every funnel request is recorded
 * before it is answered, under the `X-Request-Id` of its response; and dry runs, which answer as
 * the real run would, write no item, and are recorded with `dryRun: true`.
 */
import {
  identifiers,
  requestIdOf,
  startPipeline,
  type Envelope,
  type Pipeline,
} from './pipeline-fixture';
import type { HistoryView } from '../../../core/history/history-record';
import { scannedKeys } from '../../support/scanned-keys';

/** The record's preview of a body: a longer body is kept whole apart (history-payloads.test.ts). */
const PREVIEW_BYTES = 16 * 1024;
const timing = {
  receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  sequence: expect.any(Number),
  finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  durationMs: expect.any(Number),
};

describe('the history of funnel requests', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('history');
  });
  afterAll(() => p.close());

  it('when requests are answered, alone or in a group, then their bodies are gone from Redis', async () => {
    const { url } = await p.scenario();
    const { redis, keys } = p.api.context.queue;
    const bodiesLeft = async () =>
      (await scannedKeys(redis, `${keys.prefix}:`)).filter((key) =>
        key.includes(`:payload:acme:${url}:`),
      );
    // The record is stored before the answer, and the body let go after it: what the answer
    // waits for comes after that deletion on the worker's connection.
    const lone = await p.post(url, { sku: 'L-1', title: 'Alone' });
    expect(lone.status).toBe(200);
    expect(await bodiesLeft()).toEqual([]);
    const together = await Promise.all(
      Array.from({ length: 12 }, (_, i) => p.post(url, { sku: `T-${i}`, title: 'Together' })),
    );
    expect(together.map((response) => response.status)).toEqual(together.map(() => 200));
    expect(await bodiesLeft()).toEqual([]);
  });

  it('when every item is imported, then the record holds the payload, successIds and status success', async () => {
    const { url } = await p.scenario();
    const body = [
      { sku: 'A-1', title: 'Shoe', extra: { kept: true } },
      { sku: 'A-2', title: 'Boot' },
    ];
    const response = await p.post(url, body);
    expect(response.status).toBe(200);
    const requestId = requestIdOf(response);
    expect(await p.history(url, requestId)).toEqual({
      recordId: requestId,
      requestId,
      endpointUrl: url,
      method: 'POST',
      ...timing,
      status: 'success',
      httpStatus: 200,
      itemCount: 2,
      message: '2 items were imported',
      errors: {},
      successIds: ['A-1', 'A-2'],
      deletedIds: [],
      notFoundIds: [],
      resolved: [],
      identifiers: ['A-1', 'A-2'],
      identifierCount: 2,
      listsComplete: true,
      payload: body,
      payloadTruncated: false,
      // Short: the record's preview holds the body whole, kept nowhere else.
      storedPayload: null,
      tokenId: p.tokenId,
      tokenName: 'bootstrap',
      dryRun: false,
    });
  });

  it('when some items fail in partial mode, then the record says partial with errors and successIds', async () => {
    const { url } = await p.scenario({ partialValidation: true });
    const body = [{ sku: 'A-1', title: 'Shoe' }, { sku: 'A-2' }, { sku: 'A-3', title: 'Boot' }];
    const response = await p.post(url, body);
    expect(response.status).toBe(200);
    const record = await p.history(url, requestIdOf(response));
    expect(record).toEqual({
      recordId: requestIdOf(response),
      requestId: requestIdOf(response),
      endpointUrl: url,
      method: 'POST',
      ...timing,
      status: 'partial',
      httpStatus: 200,
      itemCount: 3,
      message: '2 of 3 items were imported; 1 failed validation',
      errors: { 'A-2': { 'Product Name': 'This field is required' } },
      successIds: ['A-1', 'A-3'],
      deletedIds: [],
      notFoundIds: [],
      resolved: [],
      identifiers: ['A-1', 'A-3', 'A-2'],
      identifierCount: 3,
      listsComplete: true,
      payload: body,
      payloadTruncated: false,
      storedPayload: null,
      tokenId: p.tokenId,
      tokenName: 'bootstrap',
      dryRun: false,
    });
    expect(record.message).toBe(response.body.message);
    expect(record.errors).toEqual(response.body.errors);
  });

  it('when validation fails, then the record says error with the errors and the 422', async () => {
    const { url } = await p.scenario();
    const body = { sku: 'A-1', title: 7 };
    const response = await p.post(url, body);
    expect(response.status).toBe(422);
    expect(await p.history(url, requestIdOf(response))).toEqual({
      recordId: requestIdOf(response),
      requestId: requestIdOf(response),
      endpointUrl: url,
      method: 'POST',
      ...timing,
      status: 'error',
      httpStatus: 422,
      itemCount: 1,
      message: 'Validation failed for 1 of 1 item',
      errors: { 'A-1': { 'Product Name': 'Expected a string' } },
      successIds: [],
      deletedIds: [],
      notFoundIds: [],
      resolved: [],
      identifiers: ['A-1'],
      identifierCount: 1,
      listsComplete: true,
      payload: body,
      payloadTruncated: false,
      storedPayload: null,
      tokenId: p.tokenId,
      tokenName: 'bootstrap',
      dryRun: false,
    });
  });

  it('when the whole request is refused (inactive funnel, empty body), then it is recorded too', async () => {
    const inactive = await p.scenario({ active: false });
    const refused = await p.post(inactive.url, { sku: 'A-1', title: 'Shoe' });
    expect(refused.status).toBe(422);
    expect(await p.history(inactive.url, requestIdOf(refused))).toMatchObject({
      status: 'error',
      httpStatus: 422,
      message: 'The funnel is inactive',
      errors: { _request: { Funnel: 'The funnel is inactive' } },
      payload: { sku: 'A-1', title: 'Shoe' },
    });

    const { url } = await p.scenario();
    const empty = await p.send('POST', url);
    expect(empty.status).toBe(422);
    expect(await p.history(url, requestIdOf(empty))).toMatchObject({
      status: 'error',
      httpStatus: 422,
      itemCount: 0,
      errors: { _request: { Body: 'The request body is empty' } },
      payload: null,
      payloadTruncated: false,
      storedPayload: null,
    });
  });

  it('when items are deleted, then the record holds deletedIds, notFoundIds and the DELETE', async () => {
    const { url } = await p.scenario();
    expect((await p.post(url, [{ sku: 'A-1', title: 'Shoe' }])).status).toBe(200);
    const body = { identifiers: ['A-1', 'A-9'] };
    const response = await p.remove(url, body);
    expect(response.status).toBe(200);
    expect(await p.history(url, requestIdOf(response))).toEqual({
      recordId: requestIdOf(response),
      requestId: requestIdOf(response),
      endpointUrl: url,
      method: 'DELETE',
      ...timing,
      status: 'success',
      httpStatus: 200,
      itemCount: 2,
      message: '1 item was deleted',
      errors: {},
      successIds: [],
      deletedIds: ['A-1'],
      notFoundIds: ['A-9'],
      resolved: [],
      identifiers: ['A-1', 'A-9'],
      identifierCount: 2,
      listsComplete: true,
      payload: body,
      payloadTruncated: false,
      storedPayload: null,
      tokenId: p.tokenId,
      tokenName: 'bootstrap',
      dryRun: false,
    });
  });

  it('when the caller sends X-Request-Id and another token, then the record has that id and token id', async () => {
    const created = await p.api.call<{ id: string; token: string }>(
      'POST',
      '/api/v1/settings/tokens',
      {
        token: p.token,
        body: { name: 'erp', abilities: ['create'] },
      },
    );
    expect(created.status).toBe(201);
    const { url } = await p.scenario();
    const response = await p.post(
      url,
      { sku: 'A-1', title: 'Shoe' },
      {
        token: created.body.token,
        headers: { 'x-request-id': 'erp-run-2024-05-01.1' },
      },
    );
    expect(response.status).toBe(200);
    expect(requestIdOf(response)).toBe('erp-run-2024-05-01.1');
    expect(await p.history(url, 'erp-run-2024-05-01.1')).toMatchObject({
      requestId: 'erp-run-2024-05-01.1',
      tokenId: created.body.id,
    });
  });

  it('when a request to another funnel reuses an X-Request-Id, then both records are kept', async () => {
    const [x, y] = [await p.scenario(), await p.scenario()];
    const headers = { 'x-request-id': 'shared-r1' };
    expect((await p.post(y.url, { sku: 'Y-1', title: 'Kept' }, { headers })).status).toBe(200);
    expect((await p.post(x.url, { sku: 'X-1', title: 'Later' }, { headers })).status).toBe(200);
    expect(await p.history(y.url, 'shared-r1')).toMatchObject({
      requestId: 'shared-r1',
      successIds: ['Y-1'],
    });
    expect(await p.history(x.url, 'shared-r1')).toMatchObject({
      requestId: 'shared-r1',
      successIds: ['X-1'],
    });
  });

  it('when a request to the same funnel reuses an X-Request-Id, then each has its record, the id finds the newest', async () => {
    const { url } = await p.scenario();
    const headers = { 'x-request-id': 'again-r2' };
    const first = await p.post(url, { sku: 'A-1', title: 'First' }, { headers });
    const second = await p.post(url, { sku: 'A-2', title: 'Second' }, { headers });
    expect(requestIdOf(first)).toBe('again-r2');
    expect(requestIdOf(second)).toBe('again-r2');

    const listed = await p.api.call<{ items: HistoryView[] }>(
      'GET',
      `/api/v1/funnels/${url}/history?requestId=again-r2`,
      { token: p.token },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((entry) => entry.successIds)).toEqual([['A-2'], ['A-1']]);
    const [newest, oldest] = listed.body.items.map((entry) => entry.recordId);
    expect(newest).not.toBe(oldest);
    expect(await p.history(url, 'again-r2')).toMatchObject({ recordId: newest });
    expect(await p.history(url, String(oldest))).toMatchObject({ successIds: ['A-1'] });
  });

  it('when the body is over the preview, then the record shows its first 16 KiB, says payloadTruncated, and names the whole body kept', async () => {
    const { url, contentType } = await p.scenario();
    const body = JSON.stringify([{ sku: 'A-1', title: 'Big', blob: 'x'.repeat(300 * 1024) }]);
    const response = await p.send('POST', url, {
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '1 item was imported' });
    const record = await p.history(url, requestIdOf(response));
    expect(record.payloadTruncated).toBe(true);
    expect(record.payload).toBe(body.slice(0, PREVIEW_BYTES));
    expect(record.storedPayload).toMatchObject({ bytes: body.length, sha256: expect.any(String) });
    expect(identifiers(await p.items(contentType))).toEqual(['A-1']);
  });

  it('when the body is exactly 16 KiB, then the record shows all of it', async () => {
    const { url } = await p.scenario();
    const frame = JSON.stringify({ sku: 'A-1', title: 'Big', blob: '' });
    const item = { sku: 'A-1', title: 'Big', blob: 'y'.repeat(PREVIEW_BYTES - frame.length) };
    expect(JSON.stringify(item).length).toBe(PREVIEW_BYTES);
    const response = await p.post(url, item);
    expect(response.status).toBe(200);
    const record = await p.history(url, requestIdOf(response));
    expect(record.payloadTruncated).toBe(false);
    expect(record.payload).toEqual(item);
  });

  describe('dry runs', () => {
    /** Sends `body` as a dry run, then for real, and checks both answers agree. */
    async function dryThenReal(url: string, body: unknown, contentType: string) {
      const before = await p.store();
      const dry = await p.post(url, body, { dryRun: true });
      expect(await p.store()).toEqual(before);
      expect(await p.history(url, requestIdOf(dry))).toMatchObject({
        dryRun: true,
        httpStatus: dry.status,
        message: dry.body.message,
      });
      const real = await p.post(url, body);
      expect({ status: dry.status, body: dry.body }).toEqual({
        status: real.status,
        body: real.body,
      });
      expect((await p.history(url, requestIdOf(real))).dryRun).toBe(false);
      const answer: { status: number; body: Envelope } = { status: dry.status, body: dry.body };
      return { dry: answer, items: await p.items(contentType) };
    }

    it('when a dry run would import everything, then it answers 200 as the real run and writes nothing', async () => {
      const { url, contentType } = await p.scenario();
      const { dry, items } = await dryThenReal(url, [{ sku: 'A-1', title: 'Shoe' }], contentType);
      expect(dry).toEqual({
        status: 200,
        body: { status: 'success', message: '1 item was imported' },
      });
      expect(identifiers(items)).toEqual(['A-1']);
    });

    it('when a dry run would import part, then it answers the partial success as the real run', async () => {
      const { url, contentType } = await p.scenario({
        kind: 'generic',
        properties: [],
        partialValidation: true,
        mappings: [
          { source: 'sku', target: { system: 'identifier' } },
          { source: 'name', target: { system: 'name' } },
          { source: 'parent', target: { system: 'parent' }, optional: true },
        ],
      });
      const body = [
        { sku: 'child', name: 'Child', parent: 'root' },
        { sku: 'root', name: 'Root' },
        { sku: 'orphan', name: 'Orphan', parent: 'nobody' },
      ];
      const { dry, items } = await dryThenReal(url, body, contentType);
      expect(dry.status).toBe(200);
      expect(dry.body).toEqual({
        status: 'success',
        message: '2 of 3 items were imported; 1 failed validation',
        errors: {
          orphan: {
            'Parent Identifier': `No item with identifier "nobody" exists in content type "${contentType}"`,
          },
        },
        data: { successIds: ['child', 'root'] },
      });
      expect(identifiers(items)).toEqual(['child', 'root']);
    });

    it('when a dry run would fail, then it answers the same 422 as the real run', async () => {
      const { url, contentType } = await p.scenario();
      const { dry, items } = await dryThenReal(url, [{ sku: 'A-1' }], contentType);
      expect(dry).toEqual({
        status: 422,
        body: {
          status: 'error',
          message: 'Validation failed for 1 of 1 item',
          errors: { 'A-1': { 'Product Name': 'This field is required' } },
        },
      });
      expect(items).toEqual([]);
    });

    it('when the history is filtered by dryRun, then dry runs and real requests are listed apart', async () => {
      const { url } = await p.scenario();
      const dry = requestIdOf(await p.post(url, [{ sku: 'A-1' }], { dryRun: true }));
      const real = requestIdOf(await p.post(url, [{ sku: 'A-1', title: 'Shoe' }]));
      const listed = async (query: string) => {
        const response = await p.api.call<{ items: HistoryView[] }>(
          'GET',
          `/api/v1/funnels/${url}/history${query}`,
          { token: p.token },
        );
        expect(response.status).toBe(200);
        return response.body.items.map((entry) => [entry.requestId, entry.dryRun]);
      };
      expect(await listed('?dryRun=true')).toEqual([[dry, true]]);
      expect(await listed('?dryRun=false')).toEqual([[real, false]]);
      expect(await listed('')).toEqual([
        [real, false],
        [dry, true],
      ]);
      const refused = await p.api.call('GET', `/api/v1/funnels/${url}/history?dryRun=yes`, {
        token: p.token,
      });
      expect(refused.status).toBe(422);
    });

    it('when a dry run uses lazy comparison, then it resolves against the store as the real run', async () => {
      const exact = await p.scenario();
      expect((await p.post(exact.url, { sku: 'a100', title: 'Stored' })).status).toBe(200);
      const { url } = await p.scenario({
        contentType: exact.contentType,
        mappings: [
          { source: 'sku', target: { system: 'identifier' }, lazy: true },
          { source: 'title', target: { system: 'name' } },
        ],
      });
      const { dry, items } = await dryThenReal(
        url,
        { sku: 'ERP-A100', title: 'New' },
        exact.contentType,
      );
      expect(dry.status).toBe(200);
      expect(items.map(({ identifier, name }) => [identifier, name])).toEqual([['a100', 'New']]);
    });
  });
});
