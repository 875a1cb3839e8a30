/**
 * The `dryRun` query parameter, wherever an operation declares it: exactly `true` or `false`,
 * absent meaning false. Another value or a repeat is a 400, so that a caller who meant a dry run
 * (`1`, `TRUE`, given twice) never writes for real; another spelling of the name is refused
 * before, as any undeclared parameter (middleware/undeclared-query.ts). The raw query string is
 * read because a parsed query hides some of those forms.
 */
import { z } from 'zod';
import { HttpError } from './http-error';

const NAME = 'dryRun';
const EXPECTED = `The query parameter ${NAME} must be "true" or "false"`;

function valuesIn(url: string): string[] {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  return new URLSearchParams(query).getAll(NAME);
}

/** The flag of a request URL (`req.originalUrl`) as given; undefined when it is not given. */
export function givenDryRun(url: string): boolean | undefined {
  const given = valuesIn(url);
  if (given.length === 0) return undefined;
  if (given.length > 1)
    throw new HttpError(400, `${EXPECTED}, given once (it was given more than once)`);
  const value = given[0]!;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new HttpError(400, `${EXPECTED} (got ${JSON.stringify(value.slice(0, 40))})`);
}

/** Whether a request URL asks for a dry run that is carried out; a malformed flag is refused. */
export function asksDryRun(url: string): boolean {
  const given = valuesIn(url);
  return given.length === 1 && given[0] === 'true';
}

/** The flag of a request URL; absent is false. */
export function dryRunFlag(url: string): boolean {
  return givenDryRun(url) ?? false;
}

/** How an operation declares the flag in its query schema; each says what a dry run does. */
export const dryRunQuerySchema = z.enum(['true', 'false']).optional();
