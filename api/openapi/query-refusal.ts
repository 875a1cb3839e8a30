/**
 * The answer every operation may give to a query parameter it does not declare
 * (api/middleware/undeclared-query.ts), added to each operation of the document in one place as
 * the refusal is made in one place: a 400 of its own, or a line of the operation's 400.
 */
const REFUSAL = 'a query parameter the operation does not declare (the message names it)';

interface Response {
  description?: string;
  content?: object;
}

export function withQueryRefusal<D extends { paths?: object }>(document: D): D {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations as Record<string, unknown>)) {
      const responses = (operation as { responses?: Record<string, Response> }).responses;
      if (!responses) continue;
      const given = responses['400'];
      responses['400'] = given
        ? { ...given, description: `${given.description ?? ''}; or ${REFUSAL}` }
        : {
            description: REFUSAL.charAt(0).toUpperCase() + REFUSAL.slice(1),
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          };
    }
  }
  return document;
}
