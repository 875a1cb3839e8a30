/**
 * One rule for every operation of the API (docs/api-behaviour.md#query-parameters): a query
 * parameter the operation does not declare is a 400 that names it and the ones it takes, so that
 * a near miss (`dry_run=true`, `dryrun=true`, `limit[]=5`) or a flag a route does not have is
 * refused instead of ignored. Runs before authentication: what an operation takes is in the
 * public OpenAPI document. The values are the routes' to read.
 */
import type { RequestHandler } from 'express';
import { quote } from '../../core/domain/messages';
import type { DeclaredQuery } from '../http/declared-query';
import { HttpError } from '../http/http-error';

/** "a", "a and b", "a, b and c". */
function namesOf(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function takes(declared: readonly string[]): string {
  return declared.length === 0
    ? 'this operation takes no query parameter'
    : `this operation takes only ${namesOf(declared)}`;
}

export function refuseUndeclaredQuery(declaredQueryOf: DeclaredQuery): RequestHandler {
  return (req, _res, next) => {
    const at = req.originalUrl.indexOf('?');
    const declared = at === -1 ? undefined : declaredQueryOf(req.method, req.path);
    if (declared === undefined) {
      next();
      return;
    }
    // URLSearchParams never throws: a bad percent-escape stays in the name, and is refused.
    for (const [name] of new URLSearchParams(req.originalUrl.slice(at + 1))) {
      if (declared.includes(name)) continue;
      throw new HttpError(400, `Unknown query parameter ${quote(name)}: ${takes(declared)}`);
    }
    next();
  };
}
