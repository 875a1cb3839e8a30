/**
 * Deleting data (docs/api-behaviour.md#deleting-items): `{"identifiers": [...]}` or an array of
 * such objects, through HTTP against a real worker process.
 */
import {
  identifiers,
  requestIdOf,
  startPipeline,
  type Pipeline,
  type Scenario,
} from './pipeline-fixture';

const noIdentifiers = {
  status: 'error',
  message: 'The request names no identifiers',
  errors: { _request: { Identifiers: 'The request names no identifiers' } },
};

describe('deleting data', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('delete');
  });
  afterAll(() => p.close());

  /** A funnel with items `skus` stored through it. */
  async function seeded(skus: string[], options: { lazy?: boolean } = {}): Promise<Scenario> {
    const scenario = await p.scenario({
      mappings: [
        { source: 'sku', target: { system: 'identifier' }, lazy: options.lazy ?? false },
        { source: 'title', target: { system: 'name' } },
      ],
    });
    const response = await p.post(
      scenario.url,
      skus.map((sku) => ({ sku, title: `Item ${sku}` })),
    );
    expect(response.status).toBe(200);
    return scenario;
  }

  it('when the body is an object with identifiers, then 200 lists them as deleted and they are gone', async () => {
    const { url, contentType } = await seeded(['A-1', 'A-2', 'A-3']);
    const response = await p.remove(url, { identifiers: ['A-1', 'A-2'] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '2 items were deleted',
      data: { deletedIds: ['A-1', 'A-2'], notFoundIds: [] },
    });
    expect(identifiers(await p.items(contentType))).toEqual(['A-3']);
  });

  it('when the body is an array of identifier objects, then the identifiers of every entry are deleted', async () => {
    const { url, contentType } = await seeded(['A-1', 'A-2', 'A-3', 'A-4']);
    const response = await p.remove(url, [
      { identifiers: ['A-1'] },
      { identifiers: ['A-2', 'A-3'] },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '3 items were deleted',
      data: { deletedIds: ['A-1', 'A-2', 'A-3'], notFoundIds: [] },
    });
    expect(identifiers(await p.items(contentType))).toEqual(['A-4']);
  });

  it('when an identifier matches nothing, then it is listed in notFoundIds and is no error', async () => {
    const { url, contentType } = await seeded(['A-1', 'A-2']);
    const response = await p.remove(url, { identifiers: ['A-1', 'A-9', 'a-2', 'A-1'] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '1 item was deleted',
      data: { deletedIds: ['A-1'], notFoundIds: ['A-9', 'a-2'] },
    });
    expect(identifiers(await p.items(contentType))).toEqual(['A-2']);
  });

  it('when an identifier is sent as an integer, then the item stored under its decimal string is deleted', async () => {
    const { url, contentType } = await seeded(['12', '13']);
    const response = await p.remove(url, { identifiers: [12] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '1 item was deleted',
      data: { deletedIds: ['12'], notFoundIds: [] },
    });
    expect(identifiers(await p.items(contentType))).toEqual(['13']);
  });

  it('when the funnel compares lazily, then an identifier with a prefix and suffix deletes the stored item', async () => {
    const { url, contentType } = await seeded(['a100', 'b200'], { lazy: true });
    const response = await p.remove(url, { identifiers: ['ERP-A100-v2', 'ERP-C300'] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '1 item was deleted',
      data: { deletedIds: ['ERP-A100-v2'], notFoundIds: ['ERP-C300'] },
    });
    expect(identifiers(await p.items(contentType))).toEqual(['b200']);
  });

  it('when the funnel is inactive, then 422 with _request.Funnel and nothing is deleted', async () => {
    const { url, contentType } = await seeded(['A-1']);
    const patched = await p.api.call('PATCH', `/api/v1/settings/funnels/${url}`, {
      token: p.token,
      body: { active: false },
    });
    expect(patched.status).toBe(200);
    const response = await p.remove(url, { identifiers: ['A-1'] });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'The funnel is inactive',
      errors: { _request: { Funnel: 'The funnel is inactive' } },
    });
    expect(identifiers(await p.items(contentType))).toEqual(['A-1']);
  });

  it("when the funnel's identifier is not mapped, then 422 under the identifier label and nothing is deleted", async () => {
    const { contentType } = await seeded(['A-1']);
    const { url } = await p.scenario({
      contentType,
      mappings: [{ source: 'title', target: { system: 'name' } }],
    });
    const response = await p.remove(url, { identifiers: ['A-1'] });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'The identifier field is not mapped',
      errors: { _request: { 'Product Identifier': 'The identifier field is not mapped' } },
    });
    expect(identifiers(await p.items(contentType))).toEqual(['A-1']);
  });

  it.each([
    [
      'an object without identifiers',
      { ids: ['A-1'] },
      'The body must be an object with an "identifiers" array',
    ],
    [
      'identifiers that are not an array',
      { identifiers: 'A-1' },
      'The body must be an object with an "identifiers" array',
    ],
    ['a string', 'A-1', 'The request body must be an object or an array of objects'],
    ['a number', 42, 'The request body must be an object or an array of objects'],
    [
      'an array with a non-object entry',
      [{ identifiers: ['A-1'] }, 'A-2'],
      'Entry [1] must be an object with an "identifiers" array',
    ],
    [
      'an array of identifier strings',
      ['A-1'],
      'Entry [0] must be an object with an "identifiers" array',
    ],
  ])('when the body is %s, then 400 and nothing is deleted', async (_case, body, message) => {
    const { url, contentType } = await seeded(['A-1']);
    const response = await p.remove(url, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 'error', message });
    expect(identifiers(await p.items(contentType))).toEqual(['A-1']);
  });

  it('when the body names no identifier at all, then 422 with _request.Identifiers', async () => {
    const { url, contentType } = await seeded(['A-1']);
    for (const body of [
      { identifiers: [] },
      [{ identifiers: [] }, { identifiers: [] }],
      [],
      null,
    ]) {
      const response = await p.remove(url, body);
      expect({ body, status: response.status }).toEqual({ body, status: 422 });
      expect(response.body).toEqual(noIdentifiers);
    }
    const none = await p.send('DELETE', url);
    expect(none.status).toBe(422);
    expect(none.body).toEqual(noIdentifiers);
    expect(identifiers(await p.items(contentType))).toEqual(['A-1']);
  });

  it('when an identifier is a query operator object, then 422 and nothing at all is deleted', async () => {
    const { url, contentType } = await seeded(['A-1', 'A-2']);
    const before = await p.store();
    const response = await p.remove(url, { identifiers: ['A-1', { $gt: '' }] });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 1 of 2 items',
      errors: {
        '[1]': { Identifiers: 'Expected an identifier: a non-empty string or an integer' },
      },
    });
    const alone = await p.remove(url, { identifiers: [{ $gt: '' }, { $ne: null }] });
    expect(alone.status).toBe(422);
    expect(alone.body).toEqual({
      status: 'error',
      message: 'Validation failed for 2 of 2 items',
      errors: {
        '[0]': { Identifiers: 'Expected an identifier: a non-empty string or an integer' },
        '[1]': { Identifiers: 'Expected an identifier: a non-empty string or an integer' },
      },
    });
    expect(await p.store()).toEqual(before);
    expect(identifiers(await p.items(contentType))).toEqual(['A-1', 'A-2']);
  });

  it('when a delete is a dry run, then it answers as the real one would and deletes nothing', async () => {
    const { url, contentType } = await seeded(['A-1', 'A-2']);
    const body = { identifiers: ['A-1', 'A-9'] };
    const expected = {
      status: 'success',
      message: '1 item was deleted',
      data: { deletedIds: ['A-1'], notFoundIds: ['A-9'] },
    };
    const dry = await p.remove(url, body, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual(expected);
    expect(identifiers(await p.items(contentType))).toEqual(['A-1', 'A-2']);
    expect(await p.history(url, requestIdOf(dry))).toMatchObject({
      method: 'DELETE',
      dryRun: true,
      deletedIds: ['A-1'],
      notFoundIds: ['A-9'],
    });
    const real = await p.remove(url, body);
    expect(real.status).toBe(200);
    expect(real.body).toEqual(expected);
    expect(identifiers(await p.items(contentType))).toEqual(['A-2']);
  });
});
