/**
 * Lazy comparison of identifiers (docs/api-behaviour.md#lazy-comparison) through HTTP: an incoming
 * X finds a stored Y that occurs in it as whole segments, without regard to case, Y at least 3
 * characters; the exact match wins; the longest candidate wins; a tie is ambiguous; no candidate
 * creates X.
 */
import { LAZY_MAX_KEYS, lazyLookup } from '../../../core/domain/lazy-lookup';
import { identifiers, requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';

describe('lazy comparison of identifiers', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('lazy');
  });
  afterAll(() => p.close());

  /**
   * A content type holding `stored` (each named "stored <id>"), written through an exact funnel,
   * and a lazy funnel on it.
   */
  async function lazyFunnel(
    stored: string[],
    options: { partialValidation?: boolean } = {},
  ): Promise<{ url: string; contentType: string }> {
    const exact = await p.scenario();
    if (stored.length > 0) {
      const seeded = await p.post(
        exact.url,
        stored.map((sku) => ({ sku, title: `stored ${sku}` })),
      );
      expect(seeded.status).toBe(200);
    }
    const lazy = await p.scenario({
      contentType: exact.contentType,
      partialValidation: options.partialValidation ?? false,
      mappings: [
        { source: 'sku', target: { system: 'identifier' }, lazy: true },
        { source: 'title', target: { system: 'name' } },
      ],
    });
    return { url: lazy.url, contentType: exact.contentType };
  }

  const names = async (contentType: string) =>
    Object.fromEntries((await p.items(contentType)).map((item) => [item.identifier, item.name]));

  it('when an item has exactly the incoming identifier, then it wins over a shorter one inside it', async () => {
    const { url, contentType } = await lazyFunnel(['a100', 'ERP-A100']);
    const response = await p.post(url, { sku: 'ERP-A100', title: 'new' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '1 item was imported' });
    expect(await names(contentType)).toEqual({ 'ERP-A100': 'new', a100: 'stored a100' });
  });

  it('when the incoming identifier has a prefix, then the stored item is updated', async () => {
    const { url, contentType } = await lazyFunnel(['a100']);
    const response = await p.post(url, { sku: 'ERP-a100', title: 'new' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '1 item was imported' });
    expect(await names(contentType)).toEqual({ a100: 'new' });
  });

  it('when the incoming identifier has a suffix, then the stored item is updated', async () => {
    const { url, contentType } = await lazyFunnel(['a100']);
    const response = await p.post(url, { sku: 'a100-v2', title: 'new' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '1 item was imported' });
    expect(await names(contentType)).toEqual({ a100: 'new' });
  });

  it('when the incoming identifier has a prefix and a suffix, then the stored item is updated', async () => {
    const { url, contentType } = await lazyFunnel(['a100', 'b200']);
    const response = await p.post(url, { sku: 'ERP-a100-v2', title: 'new' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '1 item was imported' });
    expect(await names(contentType)).toEqual({ a100: 'new', b200: 'stored b200' });
  });

  it('when the case differs, then the stored item still matches', async () => {
    const { url, contentType } = await lazyFunnel(['A100', 'Bx200']);
    const response = await p.post(url, [
      { sku: 'erp-a100-V2', title: 'new a' },
      { sku: 'bX200', title: 'new b' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '2 items were imported' });
    expect(await names(contentType)).toEqual({ A100: 'new a', Bx200: 'new b' });
  });

  it('when a stored identifier ends inside a segment of the incoming one, then a new item is created', async () => {
    const { url, contentType } = await lazyFunnel(['E-1']);
    const response = await p.post(url, [
      { sku: 'E-14', title: 'fourteen' },
      { sku: 'e-10', title: 'ten' },
      { sku: 'SKUE-1', title: 'glued' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '3 items were imported' });
    expect(await names(contentType)).toEqual({
      'E-1': 'stored E-1',
      'E-14': 'fourteen',
      'SKUE-1': 'glued',
      'e-10': 'ten',
    });
  });

  it('when a stored identifier is whole segments of the incoming one, then it is written to', async () => {
    const { url, contentType } = await lazyFunnel(['E-1', 'B-2']);
    const response = await p.post(url, [
      { sku: 'DE-E-1', title: 'new e' },
      { sku: 'x/b-2/y', title: 'new b' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '2 items were imported' });
    expect(await names(contentType)).toEqual({ 'B-2': 'new b', 'E-1': 'new e' });
  });

  it('when E-1 is stored, then E-14 is created, x/E-1 is written to E-1, and the record says so', async () => {
    const { url, contentType } = await lazyFunnel(['E-1']);
    const response = await p.post(url, [
      { sku: 'E-14', title: 'fourteen' },
      { sku: 'x/E-1', title: 'one' },
    ]);
    expect(response.status).toBe(200);
    expect(await names(contentType)).toEqual({ 'E-1': 'one', 'E-14': 'fourteen' });
    const record = await p.history(url, requestIdOf(response));
    expect(record.successIds).toEqual(['E-14', 'x/E-1']);
    expect(record.resolved).toEqual([{ sent: 'x/E-1', writtenTo: 'E-1' }]);
  });

  it('when a dry run or a DELETE resolves lazily, then its record lists what was sent and the item it names', async () => {
    const { url, contentType } = await lazyFunnel(['E-1', 'B-2']);
    const dry = await p.post(url, { sku: 'de-e-1', title: 'dry' }, { dryRun: true });
    expect(dry.status).toBe(200);
    const dryRecord = await p.history(url, requestIdOf(dry));
    expect(dryRecord.resolved).toEqual([{ sent: 'de-e-1', writtenTo: 'E-1' }]);

    const removal = await p.remove(url, { identifiers: ['B-2/x', 'E-1', 'E-19'] });
    expect(removal.status).toBe(200);
    expect(removal.body.data).toEqual({ deletedIds: ['B-2/x', 'E-1'], notFoundIds: ['E-19'] });
    const record = await p.history(url, requestIdOf(removal));
    expect(record.resolved).toEqual([{ sent: 'B-2/x', writtenTo: 'B-2' }]);
    expect(identifiers(await p.items(contentType))).toEqual([]);
  });

  it('when a request needs more lookup keys than the bound, then the items past it fail and the rest are written', async () => {
    // Stored identifiers of the odd lengths 3 to 31: every run of "q0-a-b-…" of 2 segments or more
    // has one, so each identifier of 128 segments asks for about 240 keys.
    const stored = Array.from({ length: 15 }, (_, i) => 'z'.repeat(2 * i + 3));
    const { url } = await lazyFunnel(stored, { partialValidation: true });
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const tail = Array.from({ length: 127 }, (_, i) => letters[i % 26]).join('-');
    const sent = Array.from(
      { length: 450 },
      (_, i) => `${i.toString(36).padStart(2, '0')}-${tail}`,
    );
    const lengths = stored.map((identifier) => identifier.length);
    const refused = [...lazyLookup(sent, lengths).refused.keys()];
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(sent.length);

    const response = await p.post(
      url,
      sent.map((sku) => ({ sku, title: 'long' })),
    );
    expect(response.status).toBe(200);
    const message =
      "The request's identifiers need more lazy lookups than one request may make " +
      `(${LAZY_MAX_KEYS.toLocaleString('en-US')} keys, 4,194,304 characters in all); ` +
      'send this item in a smaller request';
    expect(response.body.errors).toEqual(
      Object.fromEntries(refused.map((sku) => [sku, { 'Product Identifier': message }])),
    );
    expect(response.body.data?.successIds).toEqual(sent.slice(0, sent.length - refused.length));
  });

  it('when several stored identifiers occur inside it, then the longest one is the match', async () => {
    const { url, contentType } = await lazyFunnel(['a100', 'a1000']);
    const response = await p.post(url, { sku: 'x-a1000-y', title: 'new' });
    expect(response.status).toBe(200);
    expect(await names(contentType)).toEqual({ a100: 'stored a100', a1000: 'new' });
  });

  it('when a stored identifier is shorter than 3 characters, then it never matches lazily', async () => {
    const { url, contentType } = await lazyFunnel(['ab', 'Q7']);
    const response = await p.post(url, [
      { sku: 'xab-1', title: 'new' },
      { sku: 'q7', title: 'lower q7' },
      { sku: 'ab', title: 'exact ab' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '3 items were imported' });
    expect(await names(contentType)).toEqual({
      Q7: 'stored Q7',
      ab: 'exact ab',
      q7: 'lower q7',
      'xab-1': 'new',
    });
  });

  it('when two stored identifiers of the longest length occur inside it, then the item fails as ambiguous', async () => {
    const { url, contentType } = await lazyFunnel(['abc1', 'xyz9', 'mn']);
    const before = await p.store();
    const response = await p.post(url, { sku: 'XYZ9-abc1', title: 'new' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 1 of 1 item',
      errors: { 'XYZ9-abc1': { 'Product Identifier': 'Ambiguous identifier: matches abc1, xyz9' } },
    });
    expect(await p.store()).toEqual(before);
    expect(identifiers(await p.items(contentType))).toEqual(['abc1', 'mn', 'xyz9']);
  });

  it('when a lazy delete is ambiguous, then 422 names the identifier as sent and nothing is deleted', async () => {
    const { url, contentType } = await lazyFunnel(['abc1', 'xyz9', 'a100']);
    const response = await p.remove(url, { identifiers: ['ERP-a100', 'abc1-xyz9'] });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed for 1 of 2 items',
      errors: { 'abc1-xyz9': { Identifiers: 'Ambiguous identifier: matches abc1, xyz9' } },
    });
    expect(identifiers(await p.items(contentType))).toEqual(['a100', 'abc1', 'xyz9']);
  });

  it('when no stored identifier occurs inside it, then a new item is created under the identifier as sent', async () => {
    const { url, contentType } = await lazyFunnel(['a100']);
    const response = await p.post(url, { sku: 'NEW-b200', title: 'new' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '1 item was imported' });
    expect(await names(contentType)).toEqual({ 'NEW-b200': 'new', a100: 'stored a100' });
  });

  it('when nothing is stored yet, then every item is created as sent', async () => {
    const { url, contentType } = await lazyFunnel([]);
    const response = await p.post(url, [
      { sku: 'a100', title: 'one' },
      { sku: 'ERP-a100', title: 'two' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', message: '2 items were imported' });
    expect(await names(contentType)).toEqual({ 'ERP-a100': 'two', a100: 'one' });
  });

  it('when items partly fail, then errors and successIds use the identifiers as sent', async () => {
    const { url, contentType } = await lazyFunnel(['a100', 'b200', 'abc1', 'xyz9'], {
      partialValidation: true,
    });
    const response = await p.post(url, [
      { sku: 'ERP-A100', title: 'new a' },
      { sku: 'ERP-B200' },
      { sku: 'abc1+xyz9', title: 'ambiguous' },
      { sku: 'NEW-1', title: 'created' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '2 of 4 items were imported; 2 failed validation',
      errors: {
        'ERP-B200': { 'Product Name': 'This field is required' },
        'abc1+xyz9': { 'Product Identifier': 'Ambiguous identifier: matches abc1, xyz9' },
      },
      data: { successIds: ['ERP-A100', 'NEW-1'] },
    });
    expect(await names(contentType)).toEqual({
      'NEW-1': 'created',
      a100: 'new a',
      abc1: 'stored abc1',
      b200: 'stored b200',
      xyz9: 'stored xyz9',
    });
  });

  it('when two incoming identifiers resolve to the same stored item, then the last wins and it is listed once', async () => {
    const { url, contentType } = await lazyFunnel(['a100'], { partialValidation: true });
    const response = await p.post(url, [
      { sku: 'ERP-a100', title: 'first' },
      { sku: 'a100-v2', title: 'last' },
      { sku: 'bad' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '1 of 2 items was imported; 1 failed validation',
      errors: { bad: { 'Product Name': 'This field is required' } },
      data: { successIds: ['a100-v2'] },
    });
    expect(await names(contentType)).toEqual({ a100: 'last' });
  });
});
