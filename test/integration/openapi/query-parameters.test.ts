/**
 * One rule on every route (docs/api-behaviour.md#query-parameters): a query parameter the
 * operation does not declare is a 400 that names it and the ones the operation takes. Walks
 * every route the app serves, so that a route added later is held to the rule too.
 */
import { startTestApi, type TestApi } from '../../support/api-harness';
import { servedRoutes } from '../../support/served-routes';

/** Served, but no part of the JSON API: the docs page and its files, the console, the dashboard. */
const NOT_OPERATIONS = [/^\/api\/v1\/docs/, /^\/console/, /^\/admin\/queues/];

interface Response {
  description: string;
}

interface Document {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { name: string; in: string }[]; responses?: Record<string, Response> }
    >
  >;
}

describe('query parameters an operation does not declare', () => {
  let api: TestApi;
  let document: Document;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi('query-parameters');
    document = (await api.call<Document>('GET', '/api/v1/openapi.json')).body;
    ({ token } = await api.bootstrap('acme'));
  });
  afterAll(() => api.close());

  const declaredQuery = (path: string, method: string) =>
    (document.paths[path]?.[method]?.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .map(({ name }) => name);

  it('when any route is called with a query parameter it does not declare, then 400 naming it and those it takes', async () => {
    const routes = servedRoutes(api.app, ['/api/v1'])
      .filter(({ path }) => !NOT_OPERATIONS.some((pattern) => pattern.test(path)))
      .flatMap(({ path, methods }) => methods.map((method) => ({ path, method })));
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const { path, method } of routes) {
      // Any value fills a path parameter: the refusal comes before anything is looked up.
      const url = `${path.replace(/\{[^}]+\}/g, 'x')}?undeclaredProbe=1`;
      const body = method === 'get' ? undefined : {};
      const response = await api.call(method.toUpperCase(), url, { token, body });
      const message = (response.body as { message?: string } | null)?.message ?? '';
      const declared = declaredQuery(path, method);
      const named =
        message.startsWith('Unknown query parameter "undeclaredProbe": this operation takes') &&
        declared.every((name) => message.includes(name)) &&
        (declared.length > 0 || message.includes('takes no query parameter'));
      if (response.status !== 400 || !named) {
        wrong.push(`${method.toUpperCase()} ${path}: ${response.status} ${message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every operation of the document says it answers 400 for a parameter it does not declare', () => {
    const silent = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([, operation]) =>
            !/does not declare/.test(operation.responses?.['400']?.description ?? ''),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(silent).toEqual([]);
  });

  it('when the parameter is a near miss of a declared one, then it is refused as unknown', async () => {
    const cases = [
      '/api/v1/settings/funnels?Limit=5',
      '/api/v1/settings/funnels?limit[]=5',
      '/api/v1/funnels/erp/history?Status=error',
      '/api/v1/changes?after=0&cursor=1',
    ];
    for (const url of cases) {
      const response = await api.call('GET', url, { token });
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      expect((response.body as { message: string }).message).toMatch(/^Unknown query parameter/);
    }
  });

  it('when the caller has no token, then the refusal is the same: what an operation takes is public', async () => {
    const response = await api.call('DELETE', '/api/v1/settings/tokens/x?dryRun=true');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Unknown query parameter "dryRun": this operation takes no query parameter',
    });
  });

  it('when the query names only declared parameters, then the operation reads them', async () => {
    const response = await api.call('GET', '/api/v1/funnels/none/history?limit=5', { token });
    expect(response.status).toBe(404);
  });
});
