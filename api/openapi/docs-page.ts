/**
 * The docs page: Swagger UI from the local swagger-ui-dist files, no CDN. helmet's default
 * Content-Security-Policy forbids inline scripts, so the page carries the spec's URL in a data
 * attribute and the initializer is a script file of its own.
 */

/** The HTML of the page; `base` is where the docs router is mounted (e.g. /api/v1). */
export function docsPageHtml(base: string): string {
  const asset = (file: string) => `${base}/docs/${file}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>funnel-sync API</title>
    <link rel="stylesheet" href="${asset('swagger-ui.css')}" />
    <link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" sizes="32x32" />
  </head>
  <body>
    <div id="swagger-ui" data-spec-url="${base}/openapi.json"></div>
    <script src="${asset('swagger-ui-bundle.js')}"></script>
    <script src="${asset('swagger-initializer.js')}"></script>
  </body>
</html>
`;
}

/** Replaces swagger-ui-dist's own initializer, which points at the Petstore example. */
export const DOCS_INITIALIZER_JS = `window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-spec-url'),
    domNode: root,
    deepLinking: true,
    persistAuthorization: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;
