/**
 * 405 for a method a served path does not take, with `Allow` listing those it does; OPTIONS on
 * a served path answers that list, before any authentication (it reveals nothing the public
 * OpenAPI document does not).
 */
import type { RequestHandler } from 'express';
import { HttpError } from '../http/http-error';
import type { AllowedMethods } from '../http/served-paths';

export function answerOptions(allowed: AllowedMethods): RequestHandler {
  return (req, res, next) => {
    const allow = req.method === 'OPTIONS' ? allowed(req.path) : undefined;
    if (allow === undefined) {
      next();
      return;
    }
    res.set('Allow', allow).status(204).end();
  };
}

export function methodNotAllowed(allowed: AllowedMethods): RequestHandler {
  return (req, _res, next) => {
    const allow = allowed(req.path);
    if (allow === undefined) {
      next();
      return;
    }
    next(
      new HttpError(405, `${req.method} is not allowed here; use ${allow}`, {
        Allow: allow,
      }),
    );
  };
}
