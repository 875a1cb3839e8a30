/**
 * The query parameters a funnel request takes: `dryRun` and `sync`, read by their own parsers.
 * Any other name is a 400 that names it and the ones taken, so that a near miss such as
 * `dry_run=true` is refused instead of ignored (and the request written for real).
 */
import { HttpError } from './http-error';

const FUNNEL_QUERY_PARAMETERS = ['dryRun', 'sync'] as const;

const TAKEN: ReadonlySet<string> = new Set(FUNNEL_QUERY_PARAMETERS);

/** Throws a 400 for the first parameter of the raw query string (`req.originalUrl`) not taken. */
export function checkFunnelQuery(url: string): void {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  for (const [name] of new URLSearchParams(query)) {
    if (TAKEN.has(name)) continue;
    const shown = JSON.stringify(name.slice(0, 60));
    throw new HttpError(
      400,
      `Unknown query parameter ${shown}: a funnel request takes only ${FUNNEL_QUERY_PARAMETERS.join(' and ')}`,
    );
  }
}
