/** Transforms in a funnel's settings: the schema, and defaults checked against their targets. */
import { MESSAGES } from '../../../core/domain/messages';
import { mappingProblems, mappingSchema, type Mapping } from '../../../core/domain/funnel';
import { contentType, mapping } from '../pipeline/fixtures';

const products = contentType();

describe('a mapping with transforms', () => {
  it('when a mapping has no transforms, then it parses as before, without the key', () => {
    const parsed = mappingSchema.parse({ source: 'sku', target: { system: 'identifier' } });
    expect(parsed).toEqual({
      source: 'sku',
      target: { system: 'identifier' },
      optional: false,
      lazy: false,
    });
  });

  it('when a mapping lists transforms, then they are kept in order', () => {
    const transforms = [{ op: 'trim' }, { op: 'split', separator: ',' }];
    const parsed = mappingSchema.parse({ source: 'tags', target: { property: 'x' }, transforms });
    expect(parsed.transforms).toEqual(transforms);
  });

  it('when a transform is bad, then the issue names it by its position in the list', () => {
    const parsed = mappingSchema.safeParse({
      source: 'tags',
      target: { property: 'x' },
      transforms: [{ op: 'trim' }, { op: 'split', separator: '' }, { op: 'shout' }],
    });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'transforms.1.separator',
      'transforms.2.op',
    ]);
  });
});

describe('mappingProblems, for defaults', () => {
  const problems = (...mappings: Mapping[]) => mappingProblems(mappings, products);

  it('when a default suits its target, then there is no problem', () => {
    expect(
      problems(
        mapping('c', { property: 'color' }, { transforms: [{ op: 'default', value: 'black' }] }),
        mapping('p', { property: 'price' }, { transforms: [{ op: 'default', value: 0 }] }),
        mapping('g', { property: 'gallery' }, { transforms: [{ op: 'default', value: [] }] }),
      ),
    ).toEqual({});
  });

  it('when a default does not suit its target, then the problem names its value', () => {
    expect(
      problems(
        mapping('c', { property: 'color' }),
        mapping(
          'p',
          { property: 'price' },
          { transforms: [{ op: 'trim' }, { op: 'default', value: 'free' }] },
        ),
      ),
    ).toEqual({
      'mappings.1.transforms.1.value': `The default does not suit property "price": ${MESSAGES.expectedNumber}`,
    });
  });

  it('when the steps after a default make it suit the target, then it is sound', () => {
    const stock = mapping(
      's',
      { property: 'stock' },
      { transforms: [{ op: 'default', value: ' 3 ' }, { op: 'number' }] },
    );
    expect(problems(stock)).toEqual({});
  });

  it('when a step after the default fails on it, then the problem says so', () => {
    const stock = mapping(
      's',
      { property: 'stock' },
      { transforms: [{ op: 'default', value: 'none' }, { op: 'number' }] },
    );
    expect(problems(stock)).toEqual({
      'mappings.0.transforms.0.value': `The default fails a later step: ${MESSAGES.notNumeric('none')}`,
    });
  });

  it('when a system field gets a default of the wrong kind, then it is refused too', () => {
    const image = mapping(
      'i',
      { system: 'image' },
      { transforms: [{ op: 'default', value: 'x' }] },
    );
    expect(problems(image)).toEqual({
      'mappings.0.transforms.0.value': `The default does not suit system field "image": ${MESSAGES.expectedUrl}`,
    });
  });

  it('when the identifier mapping has a default, then it is refused', () => {
    const sku = mapping(
      'sku',
      { system: 'identifier' },
      { transforms: [{ op: 'trim' }, { op: 'default', value: 'A-1' }] },
    );
    expect(problems(sku)).toEqual({
      'mappings.0.transforms.1': 'The identifier mapping cannot have a default',
    });
  });

  it('when a default is "", then an optional field may have it and a required one may not', () => {
    const empty = { transforms: [{ op: 'default' as const, value: '' }] };
    expect(problems(mapping('c', { property: 'color' }, { ...empty, optional: true }))).toEqual({});
    expect(problems(mapping('c', { property: 'color' }, empty))).toEqual({
      'mappings.0.transforms.0.value': 'The default gives no value, and the field is required',
    });
  });

  it('when the target does not exist, then only the target is reported', () => {
    const gone = mapping(
      'w',
      { property: 'weight' },
      { transforms: [{ op: 'default', value: 1 }] },
    );
    expect(Object.keys(problems(gone))).toEqual(['mappings.0.target']);
  });
});
