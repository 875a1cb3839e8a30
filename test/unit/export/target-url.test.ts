/**
 * The check of an export URL when it is saved. Names resolve through an injected resolver, and
 * the check opens no connection at all: the tests watch every client socket Node creates.
 */
import diagnostics from 'node:diagnostics_channel';
import {
  parseAllowedNetworks,
  type AllowedNetworks,
} from '../../../core/platform/allowed-networks';
import { checkTargetUrl } from '../../../core/export/targets/target-url';
import { fakeDns } from '../../support/fake-dns';

const dns = fakeDns({
  'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'internal.example.com': ['127.0.0.1'],
  'mixed.example.com': ['93.184.215.14', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'empty.example.com': [],
});

function allowed(value: string): AllowedNetworks {
  const parsed = parseAllowedNetworks(value);
  if (!parsed) throw new Error(value);
  return parsed;
}

const publicOnly = allowed('');
const check = (url: string, networks = publicOnly) =>
  checkTargetUrl(url, { allowed: networks, resolve: dns.resolve });

const sockets: unknown[] = [];
const onSocket = (message: unknown) => sockets.push(message);
beforeAll(() => diagnostics.subscribe('net.client.socket', onSocket));
afterAll(() => {
  diagnostics.unsubscribe('net.client.socket', onSocket);
});
afterEach(() => expect(sockets).toEqual([]));

describe('checkTargetUrl, by default', () => {
  it.each([
    'https://hooks.example.com/webhooks',
    'https://hooks.example.com:8443/in?tenant=1',
    'https://93.184.215.14/',
    'https://[2606:4700:4700::1111]/',
  ])('when the URL is %s, then it is accepted', async (url) => {
    await expect(check(url)).resolves.toMatchObject({ ok: true });
  });

  it.each([
    ['10.x', 'https://10.0.0.1/', /private address/],
    ['172.16.x', 'https://172.16.5.4/', /private address/],
    ['192.168.x', 'https://192.168.0.10:8080/', /private address/],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data', /link-local/],
    ['a decimal IPv4 form', 'https://2130706433/', /loopback/],
    ['localhost', 'https://localhost:3000/', /loopback/],
    ['a localhost subdomain', 'https://api.localhost./', /loopback/],
    ['IPv6 ::1', 'https://[::1]:8443/', /loopback/],
    ['IPv6 fc00::', 'https://[fc00::1]/', /unique local/],
    ['IPv6 link-local', 'https://[fe80::1]/', /link-local/],
    ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/', /loopback/],
    ['an IPv4-compatible loopback', 'https://[::127.0.0.1]/', /loopback/],
    ['IPv6 outside global unicast', 'https://[4000::1]/', /non-global/],
    ['a name resolving to 127.0.0.1', 'https://internal.example.com/', /loopback/],
    ['a name with one private address', 'https://mixed.example.com/', /private/],
    ['a name resolving to the metadata address', 'https://metadata.example.com/', /link-local/],
    ['a name that does not resolve', 'https://nowhere.example.com/', /cannot be resolved/],
    ['a name without addresses', 'https://empty.example.com/', /has no address/],
    ['http to a public address', 'http://93.184.215.14/', /use https/],
    ['http to a public name', 'http://hooks.example.com/', /use https/],
    ['userinfo', 'https://user:pass@hooks.example.com/', /user name or password/],
    ['a user name alone', 'https://user@hooks.example.com/', /user name or password/],
    ['another scheme', 'ftp://hooks.example.com/', /must use https/],
    ['no URL', 'hooks.example.com/webhooks', /not a valid absolute URL/],
  ])('when the URL has %s, then it is refused', async (_case, url, problem) => {
    const result = await check(url);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(problem);
  });

  it('when a name is refused, then the message does not show what it resolved to', async () => {
    const result = await check('https://internal.example.com/');
    expect(!result.ok && result.problem).not.toContain('127.0.0.1');
  });
});

describe('checkTargetUrl with EXPORT_ALLOWED_NETWORKS=127.0.0.0/8,::1/128', () => {
  const loopback = allowed('127.0.0.0/8,::1/128');

  it.each([
    'http://127.0.0.1:4000/in',
    'https://127.0.0.1/',
    'http://[::1]:4000/',
    'http://localhost:4000/',
    'http://internal.example.com/',
  ])('when the URL is %s, then it is accepted, http included', async (url) => {
    await expect(check(url, loopback)).resolves.toMatchObject({ ok: true });
  });

  it.each(['https://10.0.0.1/', 'https://[fc00::1]/', 'http://hooks.example.com/'])(
    'when the URL %s is outside those networks, then it stays refused',
    async (url) => {
      await expect(check(url, loopback)).resolves.toMatchObject({ ok: false });
    },
  );
});
