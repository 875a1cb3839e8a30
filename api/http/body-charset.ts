/**
 * Request bodies are UTF-8: JSON's own encoding, and the one the history keeps a body in. A
 * Content-Type that declares another charset is a 415 that names it, rather than a body read
 * as UTF-8 and refused as malformed for a reason its sender cannot see.
 */
import { parse } from 'content-type';
import type { RequestHandler } from 'express';
import { HttpError } from './http-error';

const UTF_8 = new Set(['utf-8', 'utf8']);

/** The declared charset, lower-cased; undefined when none is declared or the header is unreadable. */
function declaredCharset(contentType: string): string | undefined {
  try {
    return parse(contentType).parameters.charset?.toLowerCase();
  } catch {
    // An unreadable Content-Type is refused by the media-type check, with its own message.
    return undefined;
  }
}

export const requireUtf8: RequestHandler = (req, _res, next) => {
  const contentType = req.get('content-type');
  const charset = contentType === undefined ? undefined : declaredCharset(contentType);
  if (charset !== undefined && !UTF_8.has(charset)) {
    throw new HttpError(
      415,
      `The request body must be UTF-8 (charset=utf-8, or no charset); it declares charset=${charset.slice(0, 40)}`,
    );
  }
  next();
};
