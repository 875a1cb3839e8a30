/**
 * A funnel as a commit's deletes see it: they name items by their stored identifiers, so the
 * identifier mapping's transforms and lazy comparison, made for what a sender sends, stay out.
 */
import type { Funnel } from '../domain/funnel';

export function withExactIdentifiers(funnel: Funnel): Funnel {
  return {
    ...funnel,
    mappings: funnel.mappings.map((mapping) =>
      'system' in mapping.target && mapping.target.system === 'identifier'
        ? { ...mapping, lazy: false, transforms: [] }
        : mapping,
    ),
  };
}
