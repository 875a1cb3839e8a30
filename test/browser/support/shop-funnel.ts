/**
 * The shop the console's request pages are tried on: a `products` content type with a numeric
 * price, and the funnel `shop` to it, made through the API as the given user; and a request sent
 * to that funnel, with the id its record is found by.
 */
import type { TestApi } from '../../support/api-harness';

/** sku → identifier, title → name, and `price` (or the field named) → the price property. */
export const shopMappings = (price = 'price') => [
  { source: 'sku', target: { system: 'identifier' } },
  { source: 'title', target: { system: 'name' } },
  { source: price, target: { property: 'price' } },
];

/** The content type and the funnel; `funnel` adds to or overrides the funnel's settings. */
export async function makeShop(
  api: TestApi,
  token: string,
  funnel: Record<string, unknown> = {},
): Promise<void> {
  const put = await api.call('PUT', '/api/v1/settings/content-types/products', {
    token,
    body: {
      name: 'Products',
      kind: 'product',
      properties: [{ key: 'price', label: 'Price', type: 'number' }],
    },
  });
  expect(put.status).toBe(201);
  const made = await api.call('POST', '/api/v1/settings/funnels', {
    token,
    body: {
      contentType: 'products',
      name: 'Shop',
      endpointUrl: 'shop',
      mappings: shopMappings(),
      ...funnel,
    },
  });
  expect(made.status).toBe(201);
}

/** A request to the shop, answered: its status and its X-Request-Id. */
export async function sendToShop(
  api: TestApi,
  token: string,
  method: string,
  body: unknown,
): Promise<{ status: number; id: string }> {
  const response = await api.call(method, '/api/v1/funnels/shop', { token, body });
  const id = response.headers.get('x-request-id');
  if (!id) throw new Error('no X-Request-Id');
  return { status: response.status, id };
}
