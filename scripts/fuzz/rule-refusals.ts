/**
 * The Schemathesis configuration of the answers a request valid by the OpenAPI document may
 * still get, read from the document itself: each operation expects, beside Schemathesis' own
 * list, the answers the document marks `x-rule-refusal` (api/openapi/rule-refusal.ts). So the
 * document is the one place that says which rules refuse a well-formed request.
 */

const RULE_REFUSAL = 'x-rule-refusal';
/** Schemathesis' own list, with redirects and 5xx, which `not_a_server_error` judges apart. */
const EXPECTED = ['2xx', '3xx', '401', '403', '404', '409', '429', '5xx'];

interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, Record<string, unknown>> }>>;
}

/** `[[operations]]` tables, one for each operation with an answer marked. */
export function ruleRefusalConfig(document: Document): string {
  const tables: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const marked = Object.entries(operation.responses ?? {})
        .filter(([, response]) => response[RULE_REFUSAL] === true)
        .map(([status]) => status);
      if (marked.length === 0) continue;
      const expected = [...EXPECTED, ...marked.filter((status) => !EXPECTED.includes(status))];
      tables.push(
        [
          '[[operations]]',
          `include-name = ${JSON.stringify(`${method.toUpperCase()} ${path}`)}`,
          `checks.positive_data_acceptance.expected-statuses = ${JSON.stringify(expected)}`,
        ].join('\n'),
      );
    }
  }
  return tables.join('\n\n');
}
