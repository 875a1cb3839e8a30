/**
 * The `dryRun` query parameter of funnel requests, read strictly from the raw query string:
 * exactly `true` or `false`, absent meaning false. Anything else is a 400, so that a sender who
 * meant a dry run (`1`, `TRUE`, a repeat, an array, another spelling of the name) never writes
 * for real. The raw string is read because a parsed query hides some of those forms.
 */
import { HttpError } from './http-error';

const NAME = 'dryRun';
const EXPECTED = `The query parameter ${NAME} must be "true" or "false"`;

/** Names the user meant as dryRun: any case, with or without `[...]` after it. */
function meantAsDryRun(key: string): boolean {
  return key.replace(/\[.*$/s, '').toLowerCase() === NAME.toLowerCase();
}

/** The flag of a request URL (`req.originalUrl`); throws a 400 for any form but the two. */
export function dryRunFlag(url: string): boolean {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  // URLSearchParams never throws: a bad percent-escape is kept as it is, and refused below.
  const given = [...new URLSearchParams(query)].filter(([key]) => meantAsDryRun(key));
  if (given.length === 0) return false;
  if (given.length > 1)
    throw new HttpError(400, `${EXPECTED}, given once (it was given more than once)`);
  const [key, value] = given[0]!;
  if (key.includes('[')) throw new HttpError(400, `${EXPECTED} (got an array or object)`);
  if (key !== NAME) throw new HttpError(400, `${EXPECTED}, spelled "${NAME}"`);
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new HttpError(400, `${EXPECTED} (got ${JSON.stringify(value.slice(0, 40))})`);
}
