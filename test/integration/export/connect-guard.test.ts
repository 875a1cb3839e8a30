/**
 * The target check at every connection. Address literals are refused before any socket is made
 * (the tests watch every client socket Node creates); names resolve through an injected resolver
 * and only checked addresses are connected to, so a name that resolves to 127.0.0.1 after it was
 * saved (DNS rebinding) never reaches the loopback receiver behind it.
 */
import diagnostics from 'node:diagnostics_channel';
import {
  parseAllowedNetworks,
  type AllowedNetworks,
} from '../../../core/platform/allowed-networks';
import {
  createDeliveryClient,
  type DeliveryClient,
} from '../../../core/export/delivery/delivery-client';
import { checkTargetUrl } from '../../../core/export/targets/target-url';
import { generateWebhookSecret } from '../../../core/export/delivery/webhook-secret';
import { fakeDns } from '../../support/fake-dns';
import { answerWith, startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';

function networks(value: string): AllowedNetworks {
  const parsed = parseAllowedNetworks(value);
  if (!parsed) throw new Error(value);
  return parsed;
}

/** Names whose answers the tests change between saving and delivering. */
const dns = fakeDns();
const { resolve, asked } = dns;

const sockets: unknown[] = [];
const onSocket = (message: unknown) => sockets.push(message);

let target: LoopbackReceiver;
let client: DeliveryClient;

beforeAll(async () => {
  diagnostics.subscribe('net.client.socket', onSocket);
  target = await startReceiver(answerWith(200));
});

afterAll(async () => {
  diagnostics.unsubscribe('net.client.socket', onSocket);
  await target.close();
});

beforeEach(() => {
  dns.answer({});
  asked.length = 0;
  sockets.length = 0;
});

afterEach(() => client.close());

const deliver = (url: string) =>
  client.deliver({
    url,
    webhookId: 'msg_guard',
    payload: { type: 'ping' },
    secrets: [generateWebhookSecret()],
  });

describe('by default (public addresses only)', () => {
  beforeEach(() => {
    client = createDeliveryClient({ allowed: networks(''), resolve, timeoutMs: 2_000 });
  });

  it.each([
    ['10.x', 'https://10.0.0.1/', /private/],
    ['172.16.x', 'https://172.16.0.1:8443/', /private/],
    ['192.168.x', 'http://192.168.1.1/', /private/],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data', /link-local/],
    ['IPv6 ::1', 'https://[::1]/', /loopback/],
    ['IPv6 fc00::', 'https://[fc00::1]/', /unique local/],
    ['an IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/', /loopback/],
  ])('when the URL names %s, then no socket is even made', async (_case, url, reason) => {
    const attempt = await deliver(url);
    expect(attempt).toMatchObject({ ok: false, error: expect.stringMatching(reason) });
    expect(attempt.status).toBeUndefined();
    expect(sockets).toEqual([]);
  });

  it('when the URL names the loopback receiver, then it is never reached', async () => {
    const attempt = await deliver(`${target.origin}/`);
    expect(attempt.error).toMatch(/loopback/);
    expect(sockets).toEqual([]);
    expect(target.connections()).toBe(0);
  });

  it('when the URL says localhost, then it is refused without asking the resolver', async () => {
    const attempt = await deliver(`http://localhost:${target.port}/`);
    expect(attempt.error).toMatch(/loopback/);
    expect(asked).toEqual([]);
    expect(target.connections()).toBe(0);
  });

  it('when a name saved as public resolves to 127.0.0.1 at delivery, then it is refused', async () => {
    dns.answer({ 'hooks.example.com': ['93.184.215.14'] });
    const url = `https://hooks.example.com:${target.port}/`;
    await expect(checkTargetUrl(url, { allowed: networks(''), resolve })).resolves.toMatchObject({
      ok: true,
    });
    dns.answer({ 'hooks.example.com': ['127.0.0.1'] });
    const attempt = await deliver(url);
    expect(attempt.error).toMatch(/"hooks\.example\.com" resolves to a loopback address/);
    expect(asked).toEqual(['hooks.example.com', 'hooks.example.com']);
    expect(target.connections()).toBe(0);
  });

  it('when plain http names a public address, then it is refused before connecting', async () => {
    dns.answer({ 'plain.example.com': ['93.184.215.14'] });
    const attempt = await deliver('http://plain.example.com/');
    expect(attempt.error).toMatch(/use https/);
    const literal = await deliver('http://93.184.215.14/');
    expect(literal.error).toMatch(/use https/);
  });

  it('when the URL holds credentials, then nothing is sent', async () => {
    const attempt = await deliver(`http://user:pw@127.0.0.1:${target.port}/`);
    expect(attempt.error).toMatch(/user name or password/);
    expect(sockets).toEqual([]);
  });
});

describe('with EXPORT_ALLOWED_NETWORKS=127.0.0.0/8,::1/128', () => {
  beforeEach(() => {
    client = createDeliveryClient({
      allowed: networks('127.0.0.0/8,::1/128'),
      resolve,
      timeoutMs: 2_000,
    });
  });

  it('when a name resolves to 127.0.0.1, then the loopback receiver gets the delivery', async () => {
    dns.answer({ 'receiver.internal': ['127.0.0.1'] });
    const before = target.received.length;
    const attempt = await deliver(`http://receiver.internal:${target.port}/in`);
    expect(attempt).toMatchObject({ ok: true, status: 200 });
    expect(target.received.slice(before).map((request) => request.path)).toEqual(['/in']);
    expect(asked).toEqual(['receiver.internal']);
  });

  it('when a name resolves to a private address outside them, then it stays refused', async () => {
    dns.answer({ 'db.internal': ['10.0.0.5'] });
    const attempt = await deliver('http://db.internal/');
    expect(attempt.error).toMatch(/private/);
    expect(sockets).toHaveLength(1);
  });
});
