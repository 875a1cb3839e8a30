/**
 * 405 for a method a served path does not take, with `Allow` listing those it does. The paths
 * and methods are the OpenAPI document's, which a test holds equal to the routes the app serves;
 * read on the first request, once every router has registered its paths.
 */
import type { RequestHandler } from 'express';
import { HttpError } from '../http/http-error';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface PathMethods {
  pattern: RegExp;
  allow: string;
}

/** `/a/{b}/c` -> /^\/a\/[^/]+\/c\/?$/i (express matches case-insensitively, a trailing slash too). */
function patternOf(template: string): RegExp {
  const source = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}/?$`, 'i');
}

function allowOf(operations: object): string {
  const methods = Object.keys(operations).filter((method) => METHODS.includes(method));
  // Express answers HEAD wherever it answers GET.
  if (methods.includes('get') && !methods.includes('head')) methods.push('head');
  return methods
    .map((method) => method.toUpperCase())
    .sort()
    .join(', ');
}

export function methodNotAllowed(paths: () => Record<string, object>): RequestHandler {
  let known: PathMethods[] | undefined;
  return (req, _res, next) => {
    known ??= Object.entries(paths()).map(([template, operations]) => ({
      pattern: patternOf(template),
      allow: allowOf(operations),
    }));
    const served = known.find(({ pattern }) => pattern.test(req.path));
    if (!served) {
      next();
      return;
    }
    next(
      new HttpError(405, `${req.method} is not allowed here; use ${served.allow}`, {
        Allow: served.allow,
      }),
    );
  };
}
