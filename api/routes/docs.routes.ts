/**
 * `GET /openapi.json` (the generated document, no auth) and `GET /docs` (Swagger UI on it),
 * mounted below /api/v1.
 */
import express, { Router } from 'express';
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';
import { z } from 'zod';
import { DOCS_INITIALIZER_JS, docsPageHtml } from '../openapi/docs-page';
import { generateOpenApiDocument, type OpenApiDocument } from '../openapi/document';
import { registry } from '../openapi/registry';

registry.registerPath({
  method: 'get',
  path: '/api/v1/openapi.json',
  tags: ['Docs'],
  summary: 'This document (no token needed); Swagger UI on it at /api/v1/docs',
  responses: {
    200: {
      description: 'The OpenAPI 3.1 document',
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
    },
  },
});

export function docsRoutes(): Router {
  const router = Router();
  // Generated on the first request: by then every route module has registered its paths.
  let document: OpenApiDocument | undefined;

  router.get('/openapi.json', (_req, res) => {
    document ??= generateOpenApiDocument();
    res.json(document);
  });

  // '/docs' also matches '/docs/'; index.html is ours too, not the Petstore demo of the package.
  router.get(['/docs', '/docs/index.html'], (req, res) => {
    res.type('html').send(docsPageHtml(req.baseUrl));
  });
  router.get('/docs/swagger-initializer.js', (_req, res) => {
    res.type('application/javascript').send(DOCS_INITIALIZER_JS);
  });
  // The package's main module loads the whole UI bundle into Node; absolute-path.js does not.
  router.use('/docs', express.static(getAbsoluteFSPath(), { index: false, maxAge: '1h' }));
  return router;
}
