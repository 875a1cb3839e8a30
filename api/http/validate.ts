/**
 * Request validation with zod: a bad body or query is a 422 whose `errors` map names each bad
 * field (dotted path -> message), so a caller can fix them all at once.
 */
import type { z } from 'zod';
import { HttpError } from './http-error';

function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_body';
    errors[path] ??= issue.message;
  }
  return errors;
}

export function invalid(errors: Record<string, string>, message = 'The request is not valid') {
  return new HttpError(422, message, {}, { errors });
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}
