/**
 * The OpenAPI document says exactly what the API accepts: the rules of it that can be read off
 * the document itself, without a fuzzer (`npm run fuzz` holds the API to the rest).
 */
import { z } from 'zod';
import { endpointUrlSchema, contentTypeKeySchema } from '../../../core/domain/names';
import { syncIdSchema } from '../../../core/syncs/sync';
import { startTestApi, type TestApi } from '../../support/api-harness';

interface Schema {
  type?: string;
  pattern?: string;
  format?: string;
  maxLength?: number;
  minItems?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  contains?: Schema;
  additionalProperties?: boolean | Schema;
  $ref?: string;
}

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** The pattern of a zod string schema, as JSON Schema writes it. */
const patternOf = (schema: z.ZodType) => (z.toJSONSchema(schema) as { pattern?: string }).pattern;

describe('the OpenAPI document against the rules of requests', () => {
  let api: TestApi;
  let document: Document;
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!]! : schema;
  const bodyOf = (path: string, method: string): Schema =>
    resolve(document.paths[path]![method]!.requestBody!.content['application/json']!.schema);

  beforeAll(async () => {
    api = await startTestApi('openapi-request-rules');
    document = (await api.call<Document>('GET', '/api/v1/openapi.json')).body;
  });
  afterAll(() => api.close());

  it('when an operation takes a request body, then the document marks it required', () => {
    const withBody = operations().filter(({ operation }) => operation.requestBody);
    expect(withBody.length).toBeGreaterThan(15);
    const optional = withBody
      .filter(({ operation }) => operation.requestBody?.required !== true)
      .map(({ name }) => name);
    expect(optional).toEqual([]);
  });

  it('when a path names a funnel, a content type or a sync, then its parameter has the pattern the API reads it with', () => {
    const expected: Record<string, string | undefined> = {
      endpointUrl: patternOf(endpointUrlSchema),
      key: patternOf(contentTypeKeySchema),
      syncId: patternOf(syncIdSchema),
    };
    const found = operations().flatMap(({ name, operation }) =>
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path' && parameter.name in expected)
        .map((parameter) => ({
          name,
          parameter: parameter.name,
          pattern: parameter.schema.pattern,
        })),
    );
    expect(found.filter(({ parameter }) => parameter === 'endpointUrl').length).toBeGreaterThan(10);
    const wrong = found.filter(({ parameter, pattern }) => pattern !== expected[parameter]);
    expect(wrong).toEqual([]);
  });

  it('when a DELETE funnel request is valid by the document, then it names at least one identifier', () => {
    const [single, several] = bodyOf('/api/v1/funnels/{endpointUrl}', 'delete').anyOf!;
    expect(single!.properties!.identifiers!.minItems).toBe(1);
    expect(several!.contains).toEqual({
      type: 'object',
      properties: { identifiers: { type: 'array', minItems: 1 } },
    });
    const identifier = single!.properties!.identifiers!.items!.anyOf!;
    expect(identifier[0]).toMatchObject({ type: 'string', minLength: 1, maxLength: 256 });
    expect(identifier[0]!.pattern).toEqual(expect.any(String));
    expect(identifier[1]).toMatchObject({ type: 'integer', maximum: Number.MAX_SAFE_INTEGER });
  });

  it('when a POST funnel request is a list, then the document asks for one item at least', () => {
    const [, list] = bodyOf('/api/v1/funnels/{endpointUrl}', 'post').anyOf!;
    expect(list).toMatchObject({ type: 'array', minItems: 1 });
  });

  it('when a body takes exactly one of two limits or starting points, then the document says so with oneOf', () => {
    const commit = bodyOf('/api/v1/funnels/{endpointUrl}/syncs/{syncId}/commit', 'post');
    expect(commit.oneOf).toEqual([
      { required: ['maxDeletes'] },
      { required: ['maxDeletePercent'] },
    ]);
    expect(commit.additionalProperties).toBe(false);
    const replay = bodyOf('/api/v1/settings/exports/{id}/replay', 'post');
    expect(replay.oneOf).toEqual([{ required: ['fromSeq'] }, { required: ['since'] }]);
  });

  it("when an export is written, then its url has the uri format, the API's scheme rule and length", () => {
    for (const method of ['post', 'patch']) {
      const path = method === 'post' ? '/api/v1/settings/exports' : '/api/v1/settings/exports/{id}';
      const url = bodyOf(path, method).properties!.url!;
      expect(url).toMatchObject({ type: 'string', format: 'uri', maxLength: 2048 });
      const pattern = new RegExp(url.pattern!);
      expect(pattern.test('https://shop.example.com/hooks?x=1')).toBe(true);
      expect(pattern.test('ftp://shop.example.com/')).toBe(false);
      expect(pattern.test('https://user:secret@shop.example.com/')).toBe(false);
    }
  });

  it('when a versioned resource is written, then If-Match and If-None-Match have the entity tag pattern', () => {
    const conditional = operations().flatMap(({ name, operation }) =>
      (operation.parameters ?? [])
        .filter((parameter) => /^if-(none-)?match$/i.test(parameter.name))
        .map((parameter) => ({
          name,
          parameter: parameter.name,
          pattern: parameter.schema.pattern,
        })),
    );
    expect(conditional.length).toBeGreaterThanOrEqual(8);
    expect(conditional.filter(({ pattern }) => pattern === undefined)).toEqual([]);
  });
});
