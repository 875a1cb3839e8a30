/**
 * The query parameters each operation of the API declares, read from the OpenAPI document: the
 * one declaration of a route's query, from which its page in the document and the refusal of any
 * other name (middleware/undeclared-query.ts) both come. Read on the first lookup, once every
 * router has registered its paths.
 */
import { pathPattern } from './path-template';

interface Parameter {
  in?: string;
  name?: string;
}

interface DeclaredPath {
  pattern: RegExp;
  /** Literal segments match before parameters, as a more specific route is meant first. */
  parameters: number;
  queryByMethod: Map<string, readonly string[]>;
}

/**
 * The query names of the operation a request reaches, or undefined for a method and path the
 * document does not list (then not this API's operation: a 404, a 405 or a static file).
 */
export type DeclaredQuery = (method: string, path: string) => readonly string[] | undefined;

function queryNames(operation: unknown): readonly string[] {
  const parameters = (operation as { parameters?: Parameter[] }).parameters ?? [];
  return parameters.filter((p) => p.in === 'query' && p.name).map((p) => p.name!);
}

function declaredPath(template: string, operations: object): DeclaredPath {
  const entries = Object.entries(operations).map(
    ([method, operation]) => [method.toUpperCase(), queryNames(operation)] as const,
  );
  return {
    pattern: pathPattern(template),
    parameters: template.split('{').length - 1,
    queryByMethod: new Map(entries),
  };
}

export function declaredQuery(paths: () => Record<string, object>): DeclaredQuery {
  let known: DeclaredPath[] | undefined;
  return (method, path) => {
    known ??= Object.entries(paths())
      .map(([template, operations]) => declaredPath(template, operations))
      .sort((a, b) => a.parameters - b.parameters);
    // Express answers HEAD with the GET route.
    const asked = method === 'HEAD' ? 'GET' : method;
    for (const { pattern, queryByMethod } of known) {
      const names = pattern.test(path) ? queryByMethod.get(asked) : undefined;
      if (names) return names;
    }
    return undefined;
  };
}
