/**
 * The CSRF defence of cookie sessions (docs/access.md#sessions): a change made with the session
 * cookie must also carry a header that only a script of the console's own origin can send (a
 * form on another site cannot set it, and a cross-origin fetch that sets it needs a CORS
 * preflight the API never grants). Reads need none: they change nothing.
 */
import type { RequestHandler } from 'express';
import { HttpError } from '../http/http-error';

export const CONSOLE_HEADER = 'X-Funnel-Sync-Console';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isConsoleRequest(header: string | undefined): boolean {
  return header === '1';
}

export function consoleHeaderRefusal(): HttpError {
  return new HttpError(
    403,
    `A change made with a console session must send the header "${CONSOLE_HEADER}: 1"`,
  );
}

/** True when the request needs the header and lacks it. */
export function lacksConsoleHeader(method: string, header: string | undefined): boolean {
  return !READS.has(method) && !isConsoleRequest(header);
}

/** For the routes that start or use up something of a person (sign-in, invitations). */
export const requireConsoleHeader: RequestHandler = (req, _res, next) => {
  if (lacksConsoleHeader(req.method, req.get(CONSOLE_HEADER))) throw consoleHeaderRefusal();
  next();
};
