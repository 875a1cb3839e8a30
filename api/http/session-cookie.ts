/**
 * The console session's cookie (docs/access.md#sessions): `HttpOnly`, `SameSite=Strict`,
 * `Path=/`, and `Secure` when the request came over https (as express reads it under its
 * `trust proxy` setting). It lives as long as the session may.
 */
import type { Request, Response } from 'express';

const SESSION_COOKIE = 'funnel_sync_session';

/** The cookie's value, or undefined; other cookies are ignored. */
export function sessionSecretOf(req: Request): string | undefined {
  const header = req.get('cookie');
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=');
  }
  return undefined;
}

function attributes(req: Request, maxAgeSeconds: number): string {
  const flags = ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`];
  if (req.secure) flags.push('Secure');
  return flags.join('; ');
}

export function setSessionCookie(req: Request, res: Response, secret: string, endsAt: Date): void {
  const maxAge = Math.max(0, Math.floor((endsAt.getTime() - Date.now()) / 1000));
  res.append('Set-Cookie', `${SESSION_COOKIE}=${secret}; ${attributes(req, maxAge)}`);
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.append('Set-Cookie', `${SESSION_COOKIE}=; ${attributes(req, 0)}`);
}
