/**
 * JSON bodies for the settings and reading routes: `application/json` in UTF-8 only (else 415),
 * parsed once by express within a size limit of their own, far below the funnel routes', which
 * read their own bodies. Mounted after authentication, so that nobody unknown costs a parse.
 */
import express, { type RequestHandler } from 'express';
import { requireUtf8 } from '../http/body-charset';
import { HttpError } from '../http/http-error';

/** A funnel with 500 mappings and a sample fits many times over. */
const SETTINGS_BODY_LIMIT_BYTES = 1024 * 1024;
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

const requireJsonType: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding');
  if (METHODS_WITH_BODY.has(req.method) && hasBody && !req.is('application/json')) {
    throw new HttpError(415, 'The request body must be application/json');
  }
  next();
};

export const jsonBody: RequestHandler[] = [
  requireJsonType,
  requireUtf8,
  express.json({ limit: SETTINGS_BODY_LIMIT_BYTES, strict: false, type: 'application/json' }),
];
