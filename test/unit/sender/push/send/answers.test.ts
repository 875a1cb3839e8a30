import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeService, type FakeService } from './support/fake-service';
import { batchesOf, push, summaryOf } from './support/push-harness';

const ROWS = [{ sku: 'A-1', title: 'Shoe' }, { title: 'no sku' }, { sku: 'A-3' }];

describe('push: answers mapped back to rows, the errors file, --json events', () => {
  let service: FakeService;
  let errorsPath: string;
  beforeEach(async () => {
    service = await startFakeService();
    errorsPath = join(await mkdtemp(join(tmpdir(), 'push-')), 'errors.ndjson');
  });
  afterEach(() => service.close());

  const errorLines = async () =>
    (await readFile(errorsPath, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('a partial success: failed rows by [i] and by identifier, the others imported', async () => {
    service.handle(() => ({
      status: 200,
      body: {
        status: 'success',
        message: '1 of 3 items were imported; 2 failed validation',
        errors: {
          '[1]': { 'Product Identifier': 'This field is required' },
          'A-3': { Name: 'This field is required' },
        },
        data: { successIds: ['A-1'] },
      },
    }));
    const result = await push(service, { batches: batchesOf(ROWS, 3), errorsPath });
    expect(result.exitCode).toBe(1);
    expect(summaryOf(result)).toMatchObject({ sent: 3, imported: 1, failed: 2 });
    expect(await errorLines()).toEqual([
      {
        title: 'no sku',
        _push: { position: 2, errors: { 'Product Identifier': 'This field is required' } },
      },
      { sku: 'A-3', _push: { position: 3, errors: { Name: 'This field is required' } } },
    ]);
    expect(service.seen[0]?.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(service.seen[0]?.body ?? '')).toEqual(ROWS);
  });

  it('a 422 wrote nothing: every row fails, those without errors say why', async () => {
    service.handle(() => ({
      status: 422,
      body: {
        status: 'error',
        message:
          'Validation failed for 1 of 3 items; the 2 valid items were not written, as partial ' +
          'validation is off (it would have written them)',
        errors: { 'A-3': { Name: 'required' } },
      },
    }));
    const result = await push(service, { batches: batchesOf(ROWS, 3), errorsPath });
    expect(result.exitCode).toBe(1);
    expect(summaryOf(result)).toMatchObject({ imported: 0, failed: 3, notWritten: 2 });
    const lines = await errorLines();
    expect(lines.map((line) => (line._push as { errors: unknown }).errors)).toEqual([
      {},
      {},
      { Name: 'required' },
    ]);
    expect((lines[0]?._push as { note: string }).note).toMatch(/all or nothing/);
  });

  it('_request fails every row with its message', async () => {
    service.handle(() => ({
      status: 422,
      body: {
        status: 'error',
        message: 'The funnel is inactive',
        errors: { _request: { Funnel: 'The funnel is inactive' } },
      },
    }));
    const result = await push(service, { batches: batchesOf(ROWS, 3), errorsPath });
    expect(result.exitCode).toBe(1);
    expect(
      (await errorLines()).every((line) => JSON.stringify(line._push).includes('inactive')),
    ).toBe(true);
  });

  it('emits start, batch-done and summary events', async () => {
    const result = await push(service, { batches: batchesOf(ROWS, 2) });
    expect(result.exitCode).toBe(0);
    expect(result.events.map((event) => event.event)).toEqual([
      'start',
      'batch-done',
      'batch-done',
      'summary',
    ]);
    expect(summaryOf(result)).toMatchObject({
      sent: 3,
      imported: 3,
      failed: 0,
      requests: 3,
      retries: 0,
    });
  });

  it('a full sync tags every request and commits only when every item was accepted', async () => {
    const syncId = 'a'.repeat(32);
    service.handle((request) => {
      if (request.path.endsWith('/syncs')) return { status: 201, body: { syncId, state: 'open' } };
      if (request.path.endsWith('/commit'))
        return {
          status: 200,
          body: { status: 'success', message: 'committed: 2 items were deleted' },
        };
      return { status: 200, body: { status: 'success', message: 'ok' } };
    });
    const result = await push(service, {
      batches: batchesOf(ROWS, 2),
      fullSync: { maxDeletes: 5 },
    });
    expect(result.exitCode).toBe(0);
    const posts = service.seen.filter((request) => request.path === '/api/v1/funnels/erp-products');
    expect(posts.every((request) => request.query.get('sync') === syncId)).toBe(true);
    const commit = service.seen.find((request) => request.path.endsWith('/commit'));
    expect(JSON.parse(commit?.body ?? '')).toEqual({ maxDeletes: 5 });
  });

  it('a refused commit is exit 1 with the service message', async () => {
    service.handle((request) => {
      if (request.path.endsWith('/syncs')) return { status: 201, body: { syncId: 'b'.repeat(32) } };
      if (request.path.endsWith('/commit'))
        return {
          status: 422,
          body: { status: 'error', message: 'Would delete 9 items, over the limit of 5' },
        };
      return { status: 200, body: { status: 'success', message: 'ok' } };
    });
    const result = await push(service, {
      batches: batchesOf(ROWS, 2),
      fullSync: { maxDeletes: 5 },
    });
    expect(result.exitCode).toBe(1);
    expect(summaryOf(result).message).toMatch(/over the limit of 5/);
  });
});
