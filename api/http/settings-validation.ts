/**
 * Validation of settings bodies (content types, funnels, exports) for the people who write them:
 * every problem of a body in one 422, each message naming the field as the console shows it
 * ("Property 1: key is required") and saying what is allowed in words, never in the
 * validator's terms. `errors` stays keyed by the field's path, for a client to place each one.
 */
import type { z } from 'zod';
import { fieldProblem, pathOf, placedSentence } from '../../core/settings/field-labels';
import { plainWords } from '../../core/settings/plain-words';
import { invalid } from './validate';

export type FieldProblems = Record<string, string>;

/** The problems zod finds in `raw`, each as "<label> <what is allowed>"; {} when there are none. */
export function schemaProblems<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { data?: z.output<S>; problems: FieldProblems } {
  const parsed = schema.safeParse(raw, { error: plainWords });
  if (parsed.success) return { data: parsed.data, problems: {} };
  const problems: FieldProblems = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || '_body';
    problems[key] ??= fieldProblem(issue.path, raw, issue.message);
  }
  return { problems };
}

/** Sentences the settings rules give per field path, each put after the place it is about. */
export function placedProblems(problems: FieldProblems, raw: unknown): FieldProblems {
  return Object.fromEntries(
    Object.entries(problems).map(([key, sentence]) => [
      key,
      placedSentence(pathOf(key), raw, sentence),
    ]),
  );
}

/** Merges problems found by several checks; a field keeps its first one. */
export function allProblems(...lists: FieldProblems[]): FieldProblems {
  const merged: FieldProblems = {};
  for (const list of lists) for (const [key, text] of Object.entries(list)) merged[key] ??= text;
  return merged;
}

export function throwIfAny(problems: FieldProblems): void {
  if (Object.keys(problems).length > 0) throw invalid(problems, problemsMessage(problems));
}

/** "2 problems to fix", above the list of them. */
function problemsMessage(problems: FieldProblems): string {
  const count = Object.keys(problems).length;
  return count === 1 ? '1 problem to fix' : `${count} problems to fix`;
}

/** The body, or a 422 with every problem zod finds in it. */
export function parseSettingsOrThrow<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const { data, problems } = schemaProblems(schema, raw);
  throwIfAny(problems);
  return data as z.output<S>;
}
