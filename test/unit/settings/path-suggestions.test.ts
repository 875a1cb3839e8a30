import {
  contentTypeBodySchema,
  MAX_PROPERTIES,
  type ContentType,
} from '../../../core/domain/content-type';
import {
  MAX_SUGGESTED_PATHS,
  MAX_SUGGESTIONS,
  MIN_SCORE,
  nameWords,
  withSuggestions,
  type SuggestionWork,
} from '../../../core/settings/path-suggestions';
import {
  MAX_PATH_KEYS,
  MAX_SAMPLE_PATHS,
  requestDataSchema,
  requestPaths,
  type RequestPath,
} from '../../../core/settings/request-paths';
import { worstContentType, worstSample } from '../../support/suggestion-worst-case';
import { contentType, pages } from '../pipeline/fixtures';

const products = contentType({
  properties: [
    { key: 'color', label: 'Color', type: 'text', multiple: false },
    { key: 'price', label: 'Price', type: 'number', multiple: false },
    { key: 'releasedAt', label: 'Released At', type: 'date', multiple: false },
    { key: 'size', label: 'Size', type: 'enum', options: ['S', 'M'], multiple: false },
    {
      key: 'categories',
      label: 'Categories',
      type: 'reference',
      contentType: 'categories',
      multiple: true,
    },
  ],
});

/** The labels suggested for one path of type string. */
function labelsFor(path: string, type: ContentType = products): string[] {
  const [entry] = withSuggestions([{ path, type: 'string' }], type);
  return entry?.suggestions.map((suggestion) => suggestion.label) ?? [];
}

describe('the words of a name', () => {
  it.each([
    ['product_title', ['product', 'title']],
    ['product-title', ['product', 'title']],
    ['Product Title', ['product', 'title']],
    ['attrs.colour', ['attr', 'colour']],
    ['productImageURLs', ['product', 'image', 'url']],
    ['SKUCode', ['sku', 'code']],
    ['images.0.url', ['image', 'url']],
    ['categories', ['category']],
    ['address', ['address']],
    ['ids', ['ids']],
    ['__proto__', ['proto']],
    ['', []],
  ])('when the name is %p, then its words are %p', (name, expected) => {
    expect(nameWords(name)).toEqual(expected);
  });
});

describe('suggested targets of a path', () => {
  it.each([
    ['sku', 'Product Identifier'],
    ['productId', 'Product Identifier'],
    ['title', 'Product Name'],
    ['product_title', 'Product Name'],
    ['productname', 'Product Name'],
    ['picture', 'Product Image'],
    ['images.url', 'Product Image'],
    ['attrs.color', 'Color'],
    ['attrs.colour', 'Color'],
    ['COLOR', 'Color'],
    ['price_eur', 'Price'],
    ['release_date', 'Released At'],
    ['released-at', 'Released At'],
    ['sizes', 'Size'],
    ['category', 'Categories'],
  ])('when the path is %p, then the best suggestion is %p', (path, label) => {
    expect(labelsFor(path)[0]).toBe(label);
  });

  it('when a name matches exactly, then its score is 1 and the target is in mapping shape', () => {
    const [entry] = withSuggestions([{ path: 'color', type: 'string' }], products);
    expect(entry?.suggestions[0]).toEqual({
      target: { property: 'color' },
      label: 'Color',
      score: 1,
    });
    const [sku] = withSuggestions([{ path: 'sku', type: 'string' }], products);
    expect(sku?.suggestions[0]?.target).toEqual({ system: 'identifier' });
  });

  it('when a path is like nothing, then it gets no suggestion', () => {
    expect(labelsFor('foo')).toEqual([]);
    expect(labelsFor('EAN')).toEqual([]);
    expect(labelsFor('0')).toEqual([]);
  });

  it('when the generic kind is used, then its own labels and the parent field are suggested', () => {
    expect(labelsFor('parent_id', pages())[0]).toBe('Parent Identifier');
    expect(labelsFor('id', pages())[0]).toBe('Identifier');
    expect(labelsFor('main_image', pages())[0]).toBe('Main Image');
  });

  it('whatever the path, suggestions are at most 3, scored in [MIN_SCORE, 1], best first', () => {
    const many = contentType({
      properties: ['name1', 'name2', 'name3', 'name4', 'names'].map((key) => ({
        key,
        label: key,
        type: 'text' as const,
        multiple: false,
      })),
    });
    const [entry] = withSuggestions([{ path: 'name', type: 'string' }], many);
    const scores = entry?.suggestions.map((suggestion) => suggestion.score) ?? [];
    expect(scores).toHaveLength(MAX_SUGGESTIONS);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const score of scores) {
      expect(score).toBeGreaterThanOrEqual(MIN_SCORE);
      expect(score).toBeLessThanOrEqual(1);
    }
  });

  it('when a path is an object, then it gets no suggestion: an object is no field value', () => {
    const paths = withSuggestions(requestPaths({ color: { hex: '#f00' } }), products);
    expect(paths.map((entry) => [entry.path, entry.suggestions.map(({ label }) => label)])).toEqual(
      [
        ['color', []],
        ['color.hex', ['Color']],
      ],
    );
  });

  it('when there is no content type, then every path is listed with no suggestion', () => {
    expect(withSuggestions([{ path: 'sku', type: 'string' }], undefined)).toEqual([
      { path: 'sku', type: 'string', suggestions: [] },
    ]);
  });

  it('when names are very long, then only their first 64 characters are compared', () => {
    expect(labelsFor(`color_${'x'.repeat(100_000)}`)).toEqual(['Color']);
    expect(labelsFor(`${'x'.repeat(64)}color`)).toEqual([]);
  });

  it(`when a sample has more than ${MAX_SUGGESTED_PATHS} paths, then only the first get suggestions`, () => {
    const paths: RequestPath[] = Array.from({ length: MAX_SUGGESTED_PATHS + 1 }, () => ({
      path: 'color',
      type: 'string',
    }));
    const suggested = withSuggestions(paths, products);
    expect(suggested[MAX_SUGGESTED_PATHS - 1]?.suggestions).toHaveLength(1);
    expect(suggested[MAX_SUGGESTED_PATHS]?.suggestions).toEqual([]);
  });

  it('the paths keep their order, path and type, so the answer stays as before plus suggestions', () => {
    const sample = { sku: 'A-1', attrs: { color: 'red' }, tags: ['a'] };
    const plainPaths = requestPaths(sample);
    const suggested = withSuggestions(plainPaths, products);
    expect(suggested.map(({ path, type }) => ({ path, type }))).toEqual(plainPaths);
  });
});

describe('the work of suggesting targets', () => {
  it('in the worst case the limits allow, it stays within a fixed number of steps', () => {
    const contentType = worstContentType();
    const sample = worstSample();
    // The case is as large as the limits allow, and every path of it is compared.
    const { name, kind, properties } = contentType;
    expect(contentTypeBodySchema.safeParse({ name, kind, properties }).success).toBe(true);
    expect(contentType.properties).toHaveLength(MAX_PROPERTIES);
    expect(requestDataSchema.safeParse(sample).success).toBe(true);
    const paths = requestPaths(sample);
    expect(paths).toHaveLength(MAX_SAMPLE_PATHS);
    expect(Math.max(...paths.map(({ path }) => path.split('.').length))).toBe(MAX_PATH_KEYS);

    const work: SuggestionWork = { steps: 0 };
    const suggested = withSuggestions(paths, contentType, work);
    expect(suggested).toHaveLength(MAX_SAMPLE_PATHS);
    // About 2,000 name pairs a path, each a merge of at most 12 word ids, and 16 edit distances
    // of at most 32 by 32 letters: 2.1 million steps, about 20 ms.
    // Comparing every pair of names letter by letter took billions.
    expect(work.steps).toBeGreaterThan(MAX_SAMPLE_PATHS * MAX_PROPERTIES * 2);
    expect(work.steps).toBeLessThanOrEqual(2_500_000);
  });

  it('when one name is compared, then each edit distance it works out counts its cells', () => {
    const work: SuggestionWork = { steps: 0 };
    withSuggestions([{ path: 'colour', type: 'string' }], products, work);
    expect(work.steps).toBeGreaterThan('colour'.length * 'color'.length);
    expect(work.steps).toBeLessThan(1_000);
  });
});
