/**
 * An identifier, or the start of one, as a reader asks for it in a query string. Held to the
 * rules of a stored identifier, so that what can never be stored is a 422 rather than a query:
 * an object (`identifier[$ne]=`) is no string, and the value only ever meets the store as a
 * string compared for equality or as the bounds of a range, never as a pattern.
 */
import { z } from 'zod';
import { identifierProblem } from '../domain/identifier';

export const identifierQuerySchema = z.string().superRefine((value, context) => {
  const problem = identifierProblem(value);
  if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
});
