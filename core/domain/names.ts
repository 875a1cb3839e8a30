/**
 * Names that appear in URLs and document ids. None of them may contain ":", which joins them
 * into deterministic `_id`s: on MongoDB such ids make every upsert and single lookup an `_id`
 * point query, and FerretDB v1 checks an insert against its `_id` index (core/mongo/engine.ts).
 */
import { z } from 'zod';

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export const tenantSlugSchema = z
  .string()
  .regex(SLUG, 'must be 1-63 lower-case letters, digits or "-", starting with a letter or digit');

export const endpointUrlSchema = z
  .string()
  .regex(SLUG, 'must match ^[a-z0-9][a-z0-9-]{0,62}$ (lower-case letters, digits, "-")');

export const contentTypeKeySchema = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9_-]{0,62}$/,
    'must be 1-63 lower-case letters, digits, "_" or "-", starting with a letter or digit',
  );

export const propertyKeySchema = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_]{0,63}$/,
    'must be a letter followed by up to 63 letters, digits or "_"',
  );

/** Joins the parts of a deterministic document id. */
export function documentId(...parts: string[]): string {
  return parts.join(':');
}
