/**
 * `?dryRun=` is read strictly: exactly `true` or `false`, absent meaning false. Any other form
 * (other values, repeats) is a 400 and nothing is queued or written, so that a sender who meant a
 * dry run never writes for real; that refusal is recorded in the funnel's history. Another
 * spelling of the name (another case, an array) is an undeclared parameter, refused before the
 * caller is known.
 */
import { startProcess, type RunningProcess } from '../../support/processes';
import { startTestApi, type TestApi } from '../../support/api-harness';

describe('the dryRun flag of funnel requests', () => {
  let api: TestApi;
  let worker: RunningProcess;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi('dry-run-flag');
    worker = await startProcess('worker', api.env);
    ({ token } = await api.bootstrap('acme'));
    await api.call('PUT', '/api/v1/settings/content-types/products', {
      token,
      body: { name: 'Products', kind: 'product', properties: [] },
    });
    const funnel = await api.call('POST', '/api/v1/settings/funnels', {
      token,
      body: {
        contentType: 'products',
        name: 'ERP',
        endpointUrl: 'erp',
        mappings: [{ source: 'sku', target: { system: 'identifier' } }],
      },
    });
    expect(funnel.status).toBe(201);
  });
  afterAll(async () => {
    await worker.stop();
    await api.close();
  });

  const itemCount = () => api.context.db.items.countDocuments({ tenant: 'acme' });
  /** The refusal's own history record: an error, a 400, not a dry run (the flag was refused). */
  const refusalRecord = (requestId: string | null) =>
    api.context.db.history.findOne(
      { tenant: 'acme', requestId: requestId ?? '' },
      { projection: { _id: 0, status: 1, httpStatus: 1, dryRun: 1, itemCount: 1 } },
    );

  it.each([
    ['dryRun=1', '"1"'],
    ['dryRun=TRUE', '"TRUE"'],
    ['dryRun=True', '"True"'],
    ['dryRun=yes', '"yes"'],
    ['dryRun=', '""'],
    ['dryRun', '""'],
    ['dryRun=true%20', '"true "'],
    ['dryRun=true&dryRun=true', 'more than once'],
    ['dryRun=true&dryRun=false', 'more than once'],
  ])(
    'when the query is ?%s, then 400, nothing is written, and the refusal is recorded',
    async (query, detail) => {
      for (const method of ['POST', 'DELETE'] as const) {
        const body = method === 'POST' ? [{ sku: 'D-1' }] : { identifiers: ['D-1'] };
        const response = await api.call(method, `/api/v1/funnels/erp?${query}`, { token, body });
        expect({ method, status: response.status }).toEqual({ method, status: 400 });
        expect(response.body).toEqual({ status: 'error', message: expect.any(String) });
        const message = (response.body as { message: string }).message;
        expect(message).toContain('dryRun');
        expect(message).toContain('"true" or "false"');
        expect(message).toContain(detail);
        expect(await refusalRecord(response.headers.get('x-request-id'))).toEqual({
          status: 'error',
          httpStatus: 400,
          dryRun: false,
          itemCount: 0,
        });
      }
      expect(await itemCount()).toBe(0);
      const queued = await Promise.all(
        api.context.queue.queues.all.map(({ queue }) =>
          queue.getJobCountByTypes('waiting', 'active'),
        ),
      );
      expect(queued.every((count) => count === 0)).toBe(true);
    },
  );

  it.each([
    ['dry_run=true', '"dry_run"'],
    ['dry-run=true', '"dry-run"'],
    ['dryRun%20=true', '"dryRun "'],
    ['dryRun=true&verbose=1', '"verbose"'],
    ['syncId=abc', '"syncId"'],
    ['dryrun=true', '"dryrun"'],
    ['DRYRUN=true', '"DRYRUN"'],
    ['dryRun[]=true', '"dryRun[]"'],
    ['dryRun[0]=true', '"dryRun[0]"'],
    ['dryRun%5B%5D=true', '"dryRun[]"'],
    ['dryRun[a]=true', '"dryRun[a]"'],
  ])(
    'when the query is ?%s, then 400 naming the unknown parameter and the ones taken, before the token is read, and nothing is written',
    async (query, named) => {
      for (const method of ['POST', 'DELETE'] as const) {
        const body = method === 'POST' ? [{ sku: 'Q-1' }] : { identifiers: ['Q-1'] };
        for (const caller of [token, undefined]) {
          const response = await api.call(method, `/api/v1/funnels/erp?${query}`, {
            token: caller,
            body,
          });
          expect({ method, status: response.status }).toEqual({ method, status: 400 });
          const { message } = response.body as { message: string };
          expect(message).toContain(`Unknown query parameter ${named}`);
          expect(message).toContain('dryRun and sync');
          // Refused before the caller is known: no funnel's history holds it.
          expect(await refusalRecord(response.headers.get('x-request-id'))).toBeNull();
        }
      }
      expect(await itemCount()).toBe(0);
    },
  );

  it('when the query is ?dryRun=true, then it validates and writes no item', async () => {
    const response = await api.call('POST', '/api/v1/funnels/erp?dryRun=true', {
      token,
      body: [{ sku: 'D-2' }],
    });
    expect(response.status).toBe(200);
    expect(await itemCount()).toBe(0);
  });

  it.each([['?dryRun=false'], ['']])(
    'when the query is "%s", then the items are written',
    async (query) => {
      const sku = `W${query.length}`;
      const response = await api.call('POST', `/api/v1/funnels/erp${query}`, {
        token,
        body: [{ sku }],
      });
      expect(response.status).toBe(200);
      expect(await api.context.db.items.countDocuments({ tenant: 'acme', identifier: sku })).toBe(
        1,
      );
    },
  );
});
