/**
 * The web console at /console: static HTML, CSS and ES modules (no build step) that call the JSON
 * API with the token a developer signs in with. The files hold no inline script or style, so
 * helmet's CSP stays on. The queue dashboard is the operators' (api/routes/operations.routes.ts): the
 * console, a tenant's tool, neither links to it nor carries a tenant's sign-in there.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import type { Logger } from 'pino';

const CONSOLE_PATH = '/console';

/**
 * The assets' folder: next to this module when it runs from the sources; from dist/, the same
 * folder of the sources (tsc does not copy it), which an image must ship at that place.
 */
function assetsFolder(): string | undefined {
  const candidates = [
    path.join(__dirname, 'public'),
    path.resolve(__dirname, '../../console/public'),
  ];
  return candidates.find((folder) => existsSync(path.join(folder, 'index.html')));
}

/** Mounted by the API process; it takes the API's logger, and nothing else of the API. */
export function consoleRoutes(logger: Logger): Router {
  const router = Router();
  const folder = assetsFolder();
  if (!folder) {
    logger.warn({ from: __dirname }, 'console assets not found: /console is not served');
    return router;
  }
  // /console redirects to /console/, so that the pages' relative URLs resolve below it.
  router.use(CONSOLE_PATH, express.static(folder, { index: 'index.html', dotfiles: 'ignore' }));
  return router;
}
