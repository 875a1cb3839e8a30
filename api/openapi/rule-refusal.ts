/**
 * Answers a request valid by the document may still get: refused for a rule no schema can state
 * (a lookup in the tenant's data, the clock, the resource's version or state, a rule across the
 * items of a list, an opaque cursor). The document marks each such answer with RULE_REFUSAL, so
 * that a client knows a well-formed request can meet it, and the fuzzer expects it
 * (scripts/fuzz/rule-refusals.ts) without a list of its own.
 */
export const RULE_REFUSAL = 'x-rule-refusal';

/**
 * Answers that are always about the state of things, whatever the operation: a resource gone
 * or expired (410), another version than the request names (412).
 */
export const STATE_STATUSES = ['410', '412'];

/** The response, marked as one a well-formed request may get. */
export function ruleRefusal<R extends object>(response: R): R {
  return { ...response, [RULE_REFUSAL]: true };
}
