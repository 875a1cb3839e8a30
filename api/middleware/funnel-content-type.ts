/**
 * 415 for a funnel request body that is neither JSON nor NDJSON; an empty request without a
 * Content-Type is let through.
 */
import type { RequestHandler } from 'express';
import { FUNNEL_MEDIA_TYPES } from '../http/body-format';
import { HttpError } from '../http/http-error';

export const requireFunnelContentType: RequestHandler = (req, _res, next) => {
  const declared = req.get('content-type');
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding');
  if ((declared || hasBody) && !req.is([...FUNNEL_MEDIA_TYPES])) {
    throw new HttpError(415, `The request body must be ${FUNNEL_MEDIA_TYPES.join(' or ')}`);
  }
  next();
};
