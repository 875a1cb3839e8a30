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

/** The flag of a request URL (`req.originalUrl`) as given; undefined when it is not given. */
export function givenDryRun(url: string): boolean | undefined {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const given = [...new URLSearchParams(query)].filter(([key]) => key === NAME);
  if (given.length === 0) return undefined;
  if (given.length > 1)
    throw new HttpError(400, `${EXPECTED}, given once (it was given more than once)`);
  const [, value] = given[0]!;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new HttpError(400, `${EXPECTED} (got ${JSON.stringify(value.slice(0, 40))})`);
}

/** The flag of a request URL; absent is false. */
export function dryRunFlag(url: string): boolean {
  return givenDryRun(url) ?? false;
}

/** How an operation declares the flag in its query schema; each says what a dry run does. */
export const dryRunQuerySchema = z.enum(['true', 'false']).optional();
