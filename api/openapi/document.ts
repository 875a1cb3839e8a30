/**
 * The OpenAPI 3.1 document, generated from the shared registry. Route modules register their
 * paths when they are imported, so call this only once every router has been built.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { withQueryRefusal } from './query-refusal';
import { registry } from './registry';
import { RULE_REFUSAL } from './rule-refusal';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** Read at run time from the nearest package.json, which works from the sources and from dist/. */
function packageVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'funnel-sync' && pkg.version) return pkg.version;
    }
    if (path.dirname(dir) === dir) return '0.0.0';
  }
}

const DESCRIPTION = [
  'Data-sync ingestion: external systems push content items into funnels.',
  'Authenticate with `Authorization: Bearer <token>`; a first token comes from',
  '`npm run cli -- bootstrap --tenant <slug> --email <email>`.',
  'Any query parameter an operation does not declare is a 400 that names it.',
  `An answer marked \`${RULE_REFUSAL}\` may come to a request these schemas call valid: it is`,
  'refused for a rule no schema states (a lookup in the tenant, the clock, a version or state,',
  'a rule across items, an opaque cursor), which its description names.',
].join(' ');

export function generateOpenApiDocument(): OpenApiDocument {
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'funnel-sync', version: packageVersion(), description: DESCRIPTION },
    // Every registered path carries its /api/v1 prefix, so the server is the origin itself.
    servers: [{ url: '/' }],
  });
  return withQueryRefusal(document);
}
