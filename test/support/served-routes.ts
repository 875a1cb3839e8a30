/**
 * The routes an express 5 application serves, read from its router stack: each path (with
 * `{param}` for `:param`, as OpenAPI writes it) and its methods. Routers mounted on a path are
 * found by asking their layer which of the given prefixes it matches.
 */
import type { Express } from 'express';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  match(path: string): boolean;
}

export interface ServedRoute {
  path: string;
  methods: string[];
}

function mountOf(layer: Layer, prefixes: readonly string[]): string | undefined {
  if (layer.match('/no-such-prefix-at-all')) return '';
  return prefixes.find((prefix) => layer.match(`${prefix}/x`));
}

function collect(stack: Layer[], base: string, prefixes: readonly string[], found: ServedRoute[]) {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const methods = Object.keys(layer.route.methods).filter((method) => method !== '_all');
      for (const path of paths) {
        found.push({ path: `${base}${path}`.replace(/:(\w+)/g, '{$1}'), methods });
      }
    } else if (layer.handle?.stack) {
      const mount = mountOf(layer, prefixes);
      if (mount !== undefined) collect(layer.handle.stack, `${base}${mount}`, prefixes, found);
    }
  }
}

export function servedRoutes(app: Express, prefixes: readonly string[]): ServedRoute[] {
  const found: ServedRoute[] = [];
  collect((app as unknown as { router: { stack: Layer[] } }).router.stack, '', prefixes, found);
  return found;
}
