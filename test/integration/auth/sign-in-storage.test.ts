/**
 * What unauthenticated sign-ins can make Redis keep is bounded (docs/access.md#signing-in): a
 * body that could name nobody is refused before anything is counted, an address over its limit
 * starts no account's count, key names have a bounded length, and past SIGN_IN_MAX_TRACKED keys
 * in a window a sign-in that would start a new one is a 503. Keys are counted with SCAN on the
 * test API's own prefix.
 */
import { randomBytes } from 'node:crypto';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { scannedKeys } from '../../support/scanned-keys';

const CONSOLE = { 'x-funnel-sync-console': '1' };
/** A valid e-mail address of about 300 characters that names nobody. */
const label = (bytes: number) => randomBytes(bytes).toString('hex');
/** About 260 characters, each part as long as an address may have it. */
const longRandomEmail = () => `${label(32)}@${label(30)}.${label(30)}.${label(30)}.example.test`;
/** The longest key name a sign-in may make: prefix, shard tag, tenant and a hash. */
const LONGEST_KEY = 160;

describe('what sign-ins make Redis keep', () => {
  const apis: TestApi[] = [];
  afterAll(() => Promise.all(apis.map((api) => api.close())));

  async function startApi(label: string, overrides: Record<string, string>) {
    const api = await startTestApi(label, overrides);
    apis.push(api);
    return api;
  }

  const signIn = (api: TestApi, tenant: string, email: string, headers = {}) =>
    api.call('POST', '/api/v1/session', {
      headers: { ...CONSOLE, ...headers },
      body: { tenant, email, password: 'not the password at all' },
    });

  const keysOf = (api: TestApi) =>
    scannedKeys(api.context.queue.redis, `${api.context.queue.keys.prefix}:`);

  /** The keys the API made meanwhile, besides those it had. */
  async function keysAddedBy(api: TestApi, run: () => Promise<void>): Promise<string[]> {
    const before = new Set(await keysOf(api));
    await run();
    return (await keysOf(api)).filter((key) => !before.has(key));
  }

  it('when one address sends many sign-ins with long random e-mails, then past its limit none adds a key', async () => {
    const api = await startApi('sign-in-keys', { SIGN_IN_LIMIT_PER_ADDRESS: '5' });
    const statuses: number[] = [];
    const keys = await keysAddedBy(api, async () => {
      for (let attempt = 0; attempt < 60; attempt += 1) {
        statuses.push((await signIn(api, 'acme', longRandomEmail())).status);
      }
    });
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    // The address, the five accounts it was allowed to try, the count of keys started.
    expect(keys.length).toBeLessThanOrEqual(7);
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(LONGEST_KEY);
  });

  it('when the service tracks as many sign-ins as it may, then starting one more is a 503 and those tracked still count', async () => {
    const api = await startApi('sign-in-cap', {
      SIGN_IN_LIMIT_PER_ADDRESS: '10000',
      SIGN_IN_MAX_TRACKED: '10',
    });
    const emails = Array.from({ length: 30 }, longRandomEmail);
    const answers: Awaited<ReturnType<typeof signIn>>[] = [];
    const keys = await keysAddedBy(api, async () => {
      for (const email of emails) answers.push(await signIn(api, 'acme', email));
    });
    const statuses = answers.map((answer) => answer.status);
    // The address took one of the ten keys; nine accounts the rest.
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(new Set(statuses.slice(9))).toEqual(new Set([503]));
    const busy = answers[9]!;
    expect(busy.body.message).toMatch(/^Too many sign-ins are under way on this service/);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(keys.length).toBeLessThanOrEqual(11);
    expect((await signIn(api, 'acme', emails[0]!)).status).toBe(401);
  });

  it('when the tenant or the e-mail could name nobody, then 422 and nothing is counted', async () => {
    const api = await startApi('sign-in-shape', {});
    const keys = await keysAddedBy(api, async () => {
      const notEmail = await signIn(api, 'acme', 'x'.repeat(300));
      expect(notEmail.status).toBe(422);
      expect(notEmail.body).toMatchObject({ errors: { email: expect.any(String) } });
      const tooLong = await signIn(api, 'acme', `${'x'.repeat(320)}@example.test`);
      expect(tooLong.status).toBe(422);
      const notSlug = await signIn(api, `Acme ${'x'.repeat(300)}`, 'owner@acme.test');
      expect(notSlug.status).toBe(422);
      expect(notSlug.body).toMatchObject({ errors: { tenant: expect.any(String) } });
    });
    expect(keys).toEqual([]);
  });

  it('when sign-ins come from one IPv6 /64, then they share one count; an IPv4 address shown as IPv6 counts as itself', async () => {
    const api = await startApi('sign-in-v6', {
      SIGN_IN_LIMIT_PER_ADDRESS: '2',
      SIGN_IN_LIMIT_PER_ACCOUNT: '1000',
      TRUST_PROXY: '127.0.0.1,::1',
    });
    const from = (address: string) =>
      signIn(api, 'acme', 'owner@acme.test', { 'x-forwarded-for': address });
    expect((await from('2001:db8:1:2::a')).status).toBe(401);
    expect((await from('2001:db8:1:2::b')).status).toBe(401);
    expect((await from('2001:db8:1:2:ffff:ffff:ffff:1')).status).toBe(429);
    expect((await from('2001:db8:1:3::a')).status).toBe(401);

    expect((await from('::ffff:198.51.100.7')).status).toBe(401);
    expect((await from('198.51.100.7')).status).toBe(401);
    expect((await from('::ffff:c633:6407')).status).toBe(429);
    expect((await from('198.51.100.8')).status).toBe(401);
  });
});
