/** Content types and funnels the pipeline's unit tests share. */
import type { ContentType, Property } from '../../../core/domain/content-type';
import type { Funnel, Mapping } from '../../../core/domain/funnel';

const at = new Date('2024-01-01T00:00:00Z');

const productProperties: Property[] = [
  { key: 'color', label: 'Color', type: 'text', multiple: false },
  { key: 'price', label: 'Price', type: 'number', multiple: false },
  { key: 'stock', label: 'Stock', type: 'integer', multiple: false },
  { key: 'onSale', label: 'On Sale', type: 'boolean', multiple: false },
  { key: 'releasedAt', label: 'Released At', type: 'date', multiple: false },
  { key: 'gallery', label: 'Gallery', type: 'media', multiple: true },
  {
    key: 'categories',
    label: 'Categories',
    type: 'reference',
    contentType: 'categories',
    multiple: true,
  },
  { key: 'brand', label: 'Brand', type: 'reference', contentType: 'brands', multiple: false },
  { key: 'size', label: 'Size', type: 'enum', options: ['S', 'M', 'L'], multiple: false },
];

export function contentType(overrides: Partial<ContentType> = {}): ContentType {
  return {
    key: 'products',
    name: 'Products',
    kind: 'product',
    properties: productProperties,
    revision: 1,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export const pages = (properties: Property[] = []): ContentType =>
  contentType({ key: 'pages', name: 'Pages', kind: 'generic', properties });

/** A mapping with the defaults the funnel schema gives. */
export function mapping(source: string, target: Mapping['target'], options: Partial<Mapping> = {}) {
  return { source, target, optional: false, lazy: false, ...options };
}

export function funnel(mappings: Mapping[], overrides: Partial<Funnel> = {}): Funnel {
  return {
    contentType: 'products',
    name: 'ERP products',
    endpointUrl: 'erp-products',
    description: '',
    active: true,
    partialValidation: false,
    mappings,
    id: 'funnel-1',
    revision: 1,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** A plain copy, so that records without a prototype compare and print as usual. */
export const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
