/**
 * Command-line input, checked with the same zod schemas as the API. A failure becomes one line
 * that names the option (`--email`), not the API's body field (`email`).
 */
import type { z } from 'zod';
import { tenantSlugSchema } from '../core/domain/names';
import { CliError, EXIT } from './cli-error';

/** For repeatable options: `--ability read --ability create` or `--ability read,create`. */
export function collect(value: string, previous: string[] = []): string[] {
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return [...previous, ...parts];
}

/**
 * Parses `value` with `schema`; `flags` maps the schema's top-level fields to option names ('' for
 * a value that is not an object). Every problem is reported, joined on one line.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  flags: Record<string, string>,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const flag = flags[String(issue.path[0] ?? '')];
    return `${flag ?? 'input'}: ${issue.message}`;
  });
  throw new CliError(EXIT.badInput, [...new Set(problems)].join('; '));
}

export const tenantOption = { tenant: tenantSlugSchema };

export function parseTenant(value: string): string {
  return parseInput(tenantSlugSchema, value, { '': '--tenant' });
}
