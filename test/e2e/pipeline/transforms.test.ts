/**
 * Value transforms through real processes: a funnel whose mappings trim, change case, read
 * numbers, split lists and fill defaults stores the transformed values, and a value a transform
 * cannot read fails its item under the field's label.
 */
import { startPipeline, type Pipeline } from './pipeline-fixture';

describe('value transforms of a funnel', () => {
  let p: Pipeline;
  let contentType: string;
  let url: string;

  beforeAll(async () => {
    p = await startPipeline('transforms');
    contentType = p.fresh('p');
    await p.putContentType(contentType, {
      name: contentType,
      kind: 'product',
      properties: [
        { key: 'color', label: 'Color', type: 'text' },
        { key: 'price', label: 'Price', type: 'number' },
        { key: 'tags', label: 'Tags', type: 'text', multiple: true },
        { key: 'size', label: 'Size', type: 'enum', options: ['S', 'M', 'L'] },
      ],
    });
    url = p.fresh('f');
    await p.createFunnel({
      contentType,
      name: url,
      endpointUrl: url,
      partialValidation: true,
      mappings: [
        {
          source: 'sku',
          target: { system: 'identifier' },
          transforms: [{ op: 'trim' }, { op: 'uppercase' }],
        },
        { source: 'title', target: { system: 'name' }, transforms: [{ op: 'trim' }] },
        {
          source: 'attrs.color',
          target: { property: 'color' },
          transforms: [{ op: 'trim' }, { op: 'lowercase' }],
        },
        { source: 'price', target: { property: 'price' }, transforms: [{ op: 'number' }] },
        {
          source: 'tags',
          target: { property: 'tags' },
          transforms: [{ op: 'split', separator: ',' }],
        },
        {
          source: 'size',
          target: { property: 'size' },
          transforms: [{ op: 'uppercase' }, { op: 'default', value: 'M' }],
        },
      ],
    });
  });
  afterAll(() => p.close());

  it('when items need their transforms, then the stored items hold the transformed values', async () => {
    const response = await p.post(url, [
      {
        sku: ' a-1 ',
        title: '  Shoe ',
        attrs: { color: ' RED ' },
        price: '12.50',
        tags: 'new, sale,',
        size: 's',
      },
      { sku: 'a-2', title: 'Boot', attrs: { color: 'Blue' }, price: 30, tags: 'winter' },
      { sku: 'a-3', title: 'Sandal', attrs: { color: 'tan' }, price: '12,5', tags: 'summer' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      message: '2 of 3 items were imported; 1 failed validation',
      errors: {
        'A-3': {
          Price:
            'Cannot read "12,5" as a number; expected digits with a dot for decimals, such as 12.5',
        },
      },
      data: { successIds: ['A-1', 'A-2'] },
    });

    expect(await p.item(contentType, 'A-1')).toMatchObject({
      identifier: 'A-1',
      name: 'Shoe',
      properties: { color: 'red', price: 12.5, tags: ['new', 'sale'], size: 'S' },
    });
    expect(await p.item(contentType, 'A-2')).toMatchObject({
      identifier: 'A-2',
      name: 'Boot',
      properties: { color: 'blue', price: 30, tags: ['winter'], size: 'M' },
    });
    expect(await p.item(contentType, 'a-1')).toBeNull();
    expect(await p.item(contentType, 'A-3')).toBeNull();
    expect(p.serverErrors()).toEqual([]);
  });

  it('when an item is sent again in another case and spacing, then the same item is updated', async () => {
    const response = await p.post(url, {
      sku: 'A-1',
      title: 'Shoe',
      attrs: { color: 'Green' },
      price: 10,
      tags: 'x',
    });
    expect(response.status).toBe(200);
    const again = await p.post(url, {
      sku: '  a-1',
      title: 'Shoe',
      attrs: { color: 'GREEN' },
      price: ' 11 ',
      tags: 'y',
    });
    expect(again.body).toEqual({ status: 'success', message: '1 item was imported' });
    const stored = (await p.items(contentType)).filter((item) => item.identifier === 'A-1');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.properties).toEqual({ color: 'green', price: 11, tags: ['y'], size: 'M' });
  });

  it("when a DELETE names an item as the sender spells it, then the identifier's transforms find it", async () => {
    expect(
      (
        await p.post(url, {
          sku: 'D-1',
          title: 'Gone',
          attrs: { color: 'Red' },
          price: 1,
          tags: 'x',
        })
      ).status,
    ).toBe(200);
    const response = await p.remove(url, { identifiers: [' d-1 '] });
    expect(response.body).toMatchObject({ status: 'success' });
    expect(await p.item(contentType, 'D-1')).toBeNull();
  });
});
