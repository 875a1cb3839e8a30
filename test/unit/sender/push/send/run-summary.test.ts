/**
 * What the end of a push says beyond the counts: how many answers the service replayed (sent
 * before under the same Idempotency-Key, nothing written again), and how many valid rows a funnel
 * that imports all or nothing left unwritten.
 */
import { summaryText } from '../../../../../packages/sender/src/push/report/summary-text';
import { startFakeService, type FakeService } from './support/fake-service';
import { batchesOf, push, summaryOf } from './support/push-harness';

const ROWS = [1, 2, 3, 4].map((n) => ({ sku: `A-${n}`, title: `Item ${n}` }));
const OK = { status: 200, body: { status: 'success', message: '2 items were imported' } };

describe('push: the summary of replays and of all or nothing', () => {
  let service: FakeService;
  beforeEach(async () => {
    service = await startFakeService();
  });
  afterEach(() => service.close());

  const run = () => push(service, { batches: batchesOf(ROWS, 2), concurrency: 1 });

  it('when the service marks answers as replayed, then the summary counts and says so', async () => {
    service.handle((request) =>
      request.body.includes('A-1') ? { ...OK, headers: { 'Idempotent-Replayed': 'true' } } : OK,
    );
    const result = await run();
    const summary = summaryOf(result);
    expect(summary).toMatchObject({ sent: 4, imported: 4, replayed: 1 });
    expect(summaryText(summary)).toContain(
      'replayed: 1 answer was a replay of an earlier request of this run (same ' +
        'Idempotency-Key): the service wrote nothing again for them',
    );
    const batches = result.events.filter((event) => event.event === 'batch-done');
    expect(batches.map((event) => event.replayed)).toEqual([true, false]);
  });

  it('when a batch is refused all or nothing, then the summary says how many valid rows were not written and why', async () => {
    service.handle((request) =>
      request.body.includes('A-4')
        ? {
            status: 422,
            body: {
              status: 'error',
              message: 'Validation failed for 1 of 2 items; the 1 valid item was not written',
              errors: { 'A-4': { 'Product Name': 'This field is required' } },
            },
          }
        : OK,
    );
    const result = await run();
    expect(result.exitCode).toBe(1);
    const summary = summaryOf(result);
    expect(summary).toMatchObject({ imported: 2, failed: 2, notWritten: 1, replayed: 0 });
    expect(summaryText(summary)).toContain(
      'all or nothing: 1 valid row was not written because other rows of their batch failed; ' +
        "the funnel's partial validation is off (on, it would have written them)",
    );
    expect(summaryText(summary)).not.toContain('replayed');
  });

  it('when every batch was written, then the summary names neither', async () => {
    service.handle(() => OK);
    const text = summaryText(summaryOf(await run()));
    expect(text).not.toMatch(/replayed|all or nothing/);
  });
});
