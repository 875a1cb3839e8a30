/**
 * Items are held to MongoDB's limits before they reach the driver (docs/api-behaviour.md#limits,
 * docs/storage.md#engines "document size"): a multiple value of more than 10,000 elements, or an item whose document would be over 8 MiB,
 * fails that item under the field's label like any invalid value (422, or a partial success), in
 * one attempt. Only the write can see an item grow past the limit with the fields it keeps: that
 * request ends at once with a 500 and a history record, not after five attempts.
 */
import { startPipeline, requestIdOf, type Pipeline } from './pipeline-fixture';
import { requestJob } from './request-job';
import { waitUntil } from '../../support/wait-until';

const TEXT_FIELDS = 100;
/** Keys of one length, so that every field of the same value takes as many bytes. */
const field = (n: number) => `t${String(n).padStart(2, '0')}`;
/** The longest text value: 65,536 UTF-16 units, 3 bytes each in UTF-8 (and in BSON). */
const LONGEST_TEXT = '€'.repeat(65_536);
/** About 5 MiB of text: under the limit alone, over it beside another such value. */
const HALF = Array.from({ length: 80 }, () => 'x'.repeat(65_536));
const TOO_LARGE =
  /^The item is too large to store: [\d,]+ bytes in all, over the limit of 8,388,608; this field takes [\d,]+ of them$/;

describe('items held to MongoDB’s limits', () => {
  let p: Pipeline;
  let contentType: string;

  /** A funnel on the shared content type: `sku` -> identifier, then `mappings`. */
  const funnel = async (mappings: object[], partialValidation = false) => {
    const url = p.fresh('f');
    await p.createFunnel({
      contentType,
      name: url,
      endpointUrl: url,
      partialValidation,
      mappings: [{ source: 'sku', target: { system: 'identifier' } }, ...mappings],
    });
    return url;
  };
  const optional = (source: string, property: string, transforms?: object[]) => ({
    source,
    target: { property },
    optional: true,
    ...(transforms ? { transforms } : {}),
  });

  beforeAll(async () => {
    p = await startPipeline('item-limits');
    contentType = p.fresh('p');
    await p.putContentType(contentType, {
      name: contentType,
      kind: 'product',
      properties: [
        { key: 'tags', label: 'Tags', type: 'text', multiple: true },
        { key: 'notes', label: 'Notes', type: 'text', multiple: true },
        ...Array.from({ length: TEXT_FIELDS }, (_, n) => ({
          key: field(n),
          label: `Text ${n}`,
          type: 'text',
        })),
      ],
    });
  }, 120_000);
  afterAll(() => p.close());

  it('when a multiple value has more than 10,000 elements, then that item fails under the field’s label and is not written, and with partial validation the others are', async () => {
    const url = await funnel([optional('tags', 'tags')], true);
    const response = await p.post(url, [
      { sku: 'FEW-1', tags: ['a', 'b'] },
      { sku: 'MANY-1', tags: Array.from({ length: 10_001 }, (_, i) => `t${i}`) },
      { sku: 'FULL-1', tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`) },
    ]);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '2 of 3 items were imported; 1 failed validation',
      errors: { 'MANY-1': { Tags: 'The value has 10,001 elements; at most 10,000 are allowed' } },
      data: { successIds: ['FEW-1', 'FULL-1'] },
    });
    expect(await p.item(contentType, 'MANY-1')).toBeNull();
    expect((await p.item(contentType, 'FEW-1'))?.properties.tags).toEqual(['a', 'b']);
    expect((await p.item(contentType, 'FULL-1'))?.properties.tags).toHaveLength(10_000);
  });

  it('when a split makes 2,000,000 tags, then the item fails under the field’s label with 422, in one attempt, with no server error', async () => {
    const url = await funnel([optional('tags', 'tags', [{ op: 'split', separator: ',' }])]);
    const response = await p.post(url, { sku: 'SPLIT-1', tags: 'a,'.repeat(2_000_000) });

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      'SPLIT-1': { Tags: 'The value has 2,000,000 elements; at most 10,000 are allowed' },
    });
    const requestId = requestIdOf(response);
    expect((await requestJob(p, requestId)).attemptsMade).toBe(1);
    expect(p.serverErrors().filter((line) => line.requestId === requestId)).toEqual([]);
    expect(await p.item(contentType, 'SPLIT-1')).toBeNull();
  });

  it('when a split of fewer elements still makes the document larger than 8 MiB, then the item fails under the field’s label, and with partial validation the others are written', async () => {
    const url = await funnel([optional('tags', 'tags', [{ op: 'split', separator: ',' }])], true);
    const parts = Array.from({ length: 9_000 }, (_, i) => String(i).padEnd(1_000, 'x'));
    const response = await p.post(url, [
      { sku: 'LONG-1', tags: parts.join(',') },
      { sku: 'SHORT-1', tags: 'a,b' },
    ]);

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ successIds: ['SHORT-1'] });
    expect(Object.keys(response.body.errors?.['LONG-1'] ?? {})).toEqual(['Tags']);
    expect(response.body.errors?.['LONG-1']?.Tags).toMatch(TOO_LARGE);
    expect(await p.item(contentType, 'LONG-1')).toBeNull();
    expect((await p.item(contentType, 'SHORT-1'))?.properties.tags).toEqual(['a', 'b']);
  });

  it('when one long text value, within the body limit, is mapped to 100 fields (a 20 MB document), then the item fails with 422 in one attempt, not a 500', async () => {
    const url = await funnel(
      Array.from({ length: TEXT_FIELDS }, (_, n) => optional('description', field(n))),
    );
    const response = await p.post(url, { sku: 'WIDE-1', description: LONGEST_TEXT });

    expect(response.status).toBe(422);
    // Every field is as large: the first of them is named.
    expect(response.body.errors).toEqual({
      'WIDE-1': { 'Text 0': expect.stringMatching(TOO_LARGE) },
    });
    const requestId = requestIdOf(response);
    expect((await requestJob(p, requestId)).attemptsMade).toBe(1);
    expect(await p.item(contentType, 'WIDE-1')).toBeNull();
  });

  it('when a write would make a stored item larger than 8 MiB with the fields it keeps, then the request ends at once: 500 naming the item, one attempt, and a history record', async () => {
    const url = await funnel([optional('tags', 'tags'), optional('notes', 'notes')]);
    expect((await p.post(url, { sku: 'GROW-1', tags: HALF })).status).toBe(200);

    const response = await p.post(url, { sku: 'GROW-1', notes: HALF });

    expect(response.status).toBe(500);
    const message =
      /^Item "GROW-1" would take 10,[\d,]+ bytes with the fields it has stored, over the limit of 8,388,608; the request was not completed in 1 attempt and would fail the same way again$/;
    expect(response.body.message).toMatch(message);
    const requestId = requestIdOf(response);
    expect((await requestJob(p, requestId)).attemptsMade).toBe(1);
    const recorded = await waitUntil(
      () => p.api.context.db.history.findOne({ requestId }),
      (record) => record !== null,
      { what: 'the history record of the request that gave up' },
    );
    expect(recorded).toMatchObject({ status: 'error', httpStatus: 500 });
    expect(recorded?.message).toMatch(message);
    const stored = await p.item(contentType, 'GROW-1');
    expect(stored?.properties.tags).toHaveLength(HALF.length);
    expect(stored?.properties.notes).toBeUndefined();
  });
});
