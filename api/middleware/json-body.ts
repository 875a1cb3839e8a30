/**
 * JSON bodies for the settings and reading routes: `application/json` only (else 415), parsed
 * once by express within a size limit. Funnel routes parse their own, larger bodies.
 */
import express, { type RequestHandler } from 'express';
import { HttpError } from '../http/http-error';

const SETTINGS_BODY_LIMIT = '2mb';
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
  express.json({ limit: SETTINGS_BODY_LIMIT, strict: false, type: 'application/json' }),
];
