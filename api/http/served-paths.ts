/**
 * The paths the API serves and the methods each takes, from the OpenAPI document (which a test
 * holds equal to the routes the app serves). Read on the first lookup, once every router has
 * registered its paths.
 */
import { pathPattern } from './path-template';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface PathMethods {
  pattern: RegExp;
  allow: string;
}

function allowOf(operations: object): string {
  const methods = Object.keys(operations).filter((method) => METHODS.includes(method));
  // Express answers HEAD wherever it answers GET, and this API answers OPTIONS everywhere.
  if (methods.includes('get') && !methods.includes('head')) methods.push('head');
  if (!methods.includes('options')) methods.push('options');
  return methods
    .map((method) => method.toUpperCase())
    .sort()
    .join(', ');
}

/** The `Allow` value of a served path, or undefined for a path the API does not serve. */
export type AllowedMethods = (path: string) => string | undefined;

export function servedPaths(paths: () => Record<string, object>): AllowedMethods {
  let known: PathMethods[] | undefined;
  return (path) => {
    known ??= Object.entries(paths()).map(([template, operations]) => ({
      pattern: pathPattern(template),
      allow: allowOf(operations),
    }));
    return known.find(({ pattern }) => pattern.test(path))?.allow;
  };
}
