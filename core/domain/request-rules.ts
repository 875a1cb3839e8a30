/**
 * The rules that fail a funnel request as a whole, before any item is looked at, in the order
 * they are checked: the body is empty (rule 1), the funnel is inactive (rule 2), the identifier is
 * not mapped (rule 3); and, beside rule 3, a mapping whose target the content type no longer has.
 * The rules are numbered as in docs/api-behaviour.md#request-rules.
 */
import type { ContentType } from './content-type';
import { requestErrors } from './envelope';
import { targetName, type Funnel } from './funnel';
import type { ItemErrors } from './item-errors';
import { identifierLabel, identifierMapping } from './mapping-plan';
import { LABELS, MESSAGES } from './messages';
import { ownRecord } from './own-record';
import { systemFieldSpec } from './system-fields';

/** What a rule is checked against: the body as received, its JSON value, and its settings. */
export interface RequestUnderRules {
  /** The body as received; undefined or blank when none was sent. */
  raw: string | undefined;
  /** Its JSON value (anything when `raw` is blank). */
  parsed: unknown;
  funnel: Funnel;
  contentType: ContentType;
}

/**
 * The envelope's `errors` of the first rule a POST breaks (`{"_request": {label: message}}`), or
 * undefined when its items may be looked at.
 */
export function brokenRequestRule(request: RequestUnderRules): ItemErrors | undefined {
  if (isEmptyBody(request.raw, request.parsed)) return emptyBodyErrors();
  return requestProblems(request.funnel, request.contentType);
}

/** Targets a funnel maps that its content type does not have (it changed after the funnel). */
function staleTargets(funnel: Funnel, contentType: ContentType): string[] {
  return funnel.mappings
    .filter((mapping) => {
      const { target } = mapping;
      if ('system' in target) return systemFieldSpec(contentType.kind, target.system) === undefined;
      return !contentType.properties.some((property) => property.key === target.property);
    })
    .map((mapping) => targetName(mapping.target));
}

/**
 * Failures of the whole request that no item can fix, checked before any item is looked at
 * (rules 2 and 3): the funnel is inactive; its identifier is not mapped; it maps a target
 * its content type no longer has. An inactive funnel is reported alone. Returns the envelope's
 * `errors` (`{"_request": {label: message}}`), or undefined when the request may go on.
 */
export function requestProblems(funnel: Funnel, contentType: ContentType): ItemErrors | undefined {
  const problems = ownRecord<string>();
  if (!funnel.active) {
    problems[LABELS.funnel] = MESSAGES.inactiveFunnel;
  } else {
    if (identifierMapping(funnel) === undefined) {
      problems[identifierLabel(contentType)] = MESSAGES.identifierNotMapped;
    }
    const stale = staleTargets(funnel, contentType);
    if (stale.length > 0) problems[LABELS.funnel] = MESSAGES.staleMappings(contentType.key, stale);
  }
  return Object.keys(problems).length === 0 ? undefined : requestErrors(problems);
}

/** The envelope's `errors` for an empty body (rule 1). */
export function emptyBodyErrors(): ItemErrors {
  return requestErrors({ [LABELS.body]: MESSAGES.emptyBody });
}

/**
 * Whether a body counts as empty (rule 1): none, only white space, `null` or `[]`. `raw` is
 * the body as received; `parsed` its JSON value (anything when `raw` is blank).
 */
export function isEmptyBody(raw: string | undefined, parsed: unknown): boolean {
  if (raw === undefined || raw.trim() === '') return true;
  return parsed === null || (Array.isArray(parsed) && parsed.length === 0);
}
