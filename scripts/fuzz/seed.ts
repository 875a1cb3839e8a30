/**
 * What the fuzzer finds in its tenant before it starts, so that the operations on a resource reach
 * the code behind their 404: a content type, the funnel that funnel requests go to, a second
 * funnel that the settings operations may rewrite (a rewrite of the first would leave every
 * later funnel request without its identifier mapping), and an export. scripts/fuzz/
 * schemathesis.toml names them.
 */
import { bootstrapTenant } from '../../core/auth/bootstrap';
import { connectMongo } from '../../core/mongo/connection';
import { collections } from '../../core/storage/collections';

export interface Seeded {
  token: string;
  /** For the `{id}` of the export operations. */
  exportId: string;
}

const mappings = [
  { source: 'sku', target: { system: 'identifier' } },
  { source: 'title', target: { system: 'name' } },
  { source: 'attrs.color', target: { property: 'color' }, optional: true },
];

/**
 * `exportUrl` is where the export's deliveries go; nothing needs to answer there, and the API
 * must allow its network (EXPORT_ALLOWED_NETWORKS).
 */
export async function seed(
  baseUrl: string,
  mongoUrl: string,
  secret: string,
  exportUrl: string,
): Promise<Seeded> {
  const mongo = await connectMongo(mongoUrl, 'funnel-sync-fuzz');
  const { token } = await bootstrapTenant(collections(mongo), secret, {
    tenant: 'fuzz',
    email: 'fuzz@funnel-sync.local',
  }).finally(() => mongo.close());
  const call = async (method: string, url: string, body: unknown) => {
    const response = await fetch(`${baseUrl}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  await call('PUT', '/settings/content-types/products', {
    name: 'Products',
    kind: 'product',
    properties: [{ key: 'color', label: 'Color', type: 'text' }],
  });
  const requestData = { sku: 'A-1', title: 'Shoe', attrs: { color: 'red' } };
  for (const endpointUrl of ['erp-products', 'erp-editable']) {
    await call('POST', '/settings/funnels', {
      contentType: 'products',
      name: endpointUrl,
      endpointUrl,
      requestData,
      mappings,
    });
  }
  const created = await call('POST', '/settings/exports', {
    name: 'Shop',
    url: exportUrl,
    contentTypes: ['products'],
  });
  return { token, exportId: String(created.id) };
}
