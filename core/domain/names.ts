/**
 * Names that appear in URLs and document ids. None of them may contain ":", which joins them
 * into deterministic `_id`s, which make every upsert and single lookup an `_id` point query.
 */
import { z } from 'zod';

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
/** The pattern as a person reads it beside the field: never the pattern itself. */
const SLUG_IN_WORDS =
  'must be lowercase letters, digits and dashes, up to 63 characters, starting with a letter or digit';

export const tenantSlugSchema = z.string().regex(SLUG, SLUG_IN_WORDS);

export const endpointUrlSchema = z.string().regex(SLUG, SLUG_IN_WORDS);

export const contentTypeKeySchema = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9_-]{0,62}$/,
    'must be lowercase letters, digits, dashes and underscores, up to 63 characters, ' +
      'starting with a letter or digit',
  );

export const propertyKeySchema = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_]{0,63}$/,
    'must be letters, digits and underscores, up to 64 characters, starting with a letter',
  );

/** Joins the parts of a deterministic document id. */
export function documentId(...parts: string[]): string {
  return parts.join(':');
}
