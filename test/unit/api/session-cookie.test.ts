/**
 * The session cookie's flags (docs/access.md#sessions): `Secure` follows express's `req.secure`,
 * so it holds behind a proxy only as far as the app's `trust proxy` setting trusts it.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { setSessionCookie } from '../../../api/http/session-cookie';

async function cookieSetBy(trustProxy: boolean, headers: Record<string, string>) {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.get('/', (req, res) => {
    setSessionCookie(req, res, 'secret', new Date(Date.now() + 3_600_000));
    res.end();
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers });
    return response.headers.get('set-cookie') ?? '';
  } finally {
    server.close();
  }
}

describe('the session cookie', () => {
  it('when the request came over plain http, then the cookie is HttpOnly, SameSite=Strict, Path=/ and not Secure', async () => {
    const cookie = await cookieSetBy(false, {});
    expect(cookie).toMatch(
      /^funnel_sync_session=secret; Path=\/; HttpOnly; SameSite=Strict; Max-Age=3\d{3}$/,
    );
  });

  it('when a trusted proxy says https, then the cookie is Secure', async () => {
    const cookie = await cookieSetBy(true, { 'x-forwarded-proto': 'https' });
    expect(cookie).toMatch(/; Secure$/);
  });

  it('when the app trusts no proxy, then a forwarded https does not make it Secure', async () => {
    const cookie = await cookieSetBy(false, { 'x-forwarded-proto': 'https' });
    expect(cookie).not.toMatch(/Secure/);
  });
});
