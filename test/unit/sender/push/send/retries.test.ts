import { startFakeService, type FakeService } from './support/fake-service';
import { batchesOf, push, summaryOf } from './support/push-harness';

const ROWS = [{ sku: 'A-1', title: 'Shoe' }];
const OK = { status: 200, body: { status: 'success', message: '1 item was imported' } };

describe('push: what is sent again, and after how long', () => {
  let service: FakeService;
  beforeEach(async () => (service = await startFakeService()));
  afterEach(() => service.close());

  it.each([429, 503])(
    'sends again after Retry-After on %i, with the same key and body',
    async (status) => {
      service.handle((_request, seen) =>
        seen.length < 2
          ? { status, headers: { 'Retry-After': '7' }, body: { message: 'wait' } }
          : OK,
      );
      const result = await push(service, { batches: batchesOf(ROWS, 10) });
      expect(result.exitCode).toBe(0);
      expect(result.pauses).toEqual([7000, 7000]);
      const keys = new Set(service.seen.map((request) => request.headers['idempotency-key']));
      expect(keys.size).toBe(1);
      expect(new Set(service.seen.map((request) => request.body)).size).toBe(1);
      expect(summaryOf(result)).toMatchObject({
        sent: 1,
        imported: 1,
        failed: 0,
        retries: 2,
        requests: 4, // the limits, then 3 attempts
      });
      expect(result.events.filter((event) => event.event === 'retry')).toHaveLength(2);
    },
  );

  it('backs off exponentially, capped, on other 5xx', async () => {
    service.handle((_request, seen) =>
      seen.length < 3 ? { status: 500, body: { message: 'boom' } } : OK,
    );
    const result = await push(service, { batches: batchesOf(ROWS, 10) });
    expect(result.exitCode).toBe(0);
    expect(result.pauses).toEqual([100, 200, 400]);
  });

  it('gives up after --max-retries and ends with 2, keeping what it knows', async () => {
    service.handle(() => ({ status: 502, body: { message: 'bad gateway' } }));
    const result = await push(service, { batches: batchesOf(ROWS, 10) });
    expect(result.exitCode).toBe(2);
    expect(service.seen).toHaveLength(4);
    expect(summaryOf(result).message).toMatch(/no answer after 4 attempts/);
  });

  it('backs off on a network error and gives up on an unreachable service', async () => {
    await service.close();
    const result = await push(service, { batches: batchesOf(ROWS, 10) });
    expect(result.exitCode).toBe(2);
    expect(result.pauses).toEqual([100, 200, 400]);
    expect(summaryOf(result).message).toMatch(/limits: no answer after 4 attempts.*ECONNREFUSED/);
    service = await startFakeService();
  });

  it('does not send a 400 again: its rows failed', async () => {
    service.handle(() => ({
      status: 400,
      body: { status: 'error', message: 'Line 1 is not valid JSON' },
    }));
    const result = await push(service, { batches: batchesOf(ROWS, 10) });
    expect(service.seen).toHaveLength(1);
    expect(result.pauses).toEqual([]);
    expect(result.exitCode).toBe(1);
    expect(summaryOf(result)).toMatchObject({ sent: 1, imported: 0, failed: 1 });
  });

  it.each([401, 403])('stops the run on %i: exit 2', async (status) => {
    service.handle(() => ({ status, body: { message: 'no' } }));
    const result = await push(service, {
      batches: batchesOf([...ROWS, ...ROWS, ...ROWS], 1),
      concurrency: 1,
    });
    expect(result.exitCode).toBe(2);
    expect(service.seen).toHaveLength(1);
  });

  it('waits until an HTTP date in Retry-After', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    service.handle((_request, seen) =>
      seen.length < 1 ? { status: 503, headers: { 'Retry-After': at }, body: {} } : OK,
    );
    const result = await push(service, { batches: batchesOf(ROWS, 10) });
    expect(result.exitCode).toBe(0);
    // The date has whole seconds: the wait is what is left of them.
    expect(result.pauses).toHaveLength(1);
    expect(result.pauses[0]).toBeGreaterThan(25_000);
    expect(result.pauses[0]).toBeLessThanOrEqual(30_000);
  });

  it.each([
    ['seconds past what a timer holds', '999999999'],
    ['more digits than a number holds', '9'.repeat(400)],
    ['an HTTP date an hour away', new Date(Date.now() + 3_600_000).toUTCString()],
  ])(
    'stops the run at once, never waiting less, when Retry-After asks for more than it waits: %s',
    async (_case, retryAfter) => {
      service.handle(() => ({ status: 429, headers: { 'Retry-After': retryAfter }, body: {} }));
      const result = await push(service, { batches: batchesOf(ROWS, 10) });
      expect(result.exitCode).toBe(2);
      expect(service.seen).toHaveLength(1);
      expect(result.pauses).toEqual([]);
      expect(summaryOf(result).message).toBe(
        'POST /api/v1/funnels/erp-products: the service asks to wait before sending it again ' +
          `(Retry-After: ${retryAfter}), longer than the 60 s a push waits; run it again later ` +
          '(--resume sends only what is left)',
      );
    },
  );

  it('backs off when Retry-After is neither seconds nor a date', async () => {
    service.handle((_request, seen) =>
      seen.length < 1 ? { status: 503, headers: { 'Retry-After': '1.5' }, body: {} } : OK,
    );
    const result = await push(service, { batches: batchesOf(ROWS, 10) });
    expect(result.exitCode).toBe(0);
    expect(result.pauses).toEqual([100]);
  });
});
