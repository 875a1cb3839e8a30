/**
 * The `sync` query parameter of funnel requests: the full sync the request is part of. Read from
 * the raw query string, as `dryRun` is: given at most once, as a sync id; any other form is a 400,
 * so that a request meant for a sync is never taken as one outside it.
 */
import { syncIdSchema } from '../../core/syncs/sync';
import { HttpError } from './http-error';

export function syncTag(url: string): string | undefined {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const given = [...new URLSearchParams(query)].filter(
    ([key]) => key.replace(/\[.*$/s, '').toLowerCase() === 'sync',
  );
  if (given.length === 0) return undefined;
  const [key, value] = given[0]!;
  if (given.length > 1 || key !== 'sync' || !syncIdSchema.safeParse(value).success) {
    throw new HttpError(
      400,
      'The query parameter sync must be given once, as the syncId of a sync',
    );
  }
  return value;
}
