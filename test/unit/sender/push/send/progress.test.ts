import { InputProgress } from '../../../../../packages/sender/src/push/send/input-progress';
import {
  newTotals,
  type RunContext,
} from '../../../../../packages/sender/src/push/send/run-context';
import { sendRows } from '../../../../../packages/sender/src/push/send/send-rows';
import { ServiceClient } from '../../../../../packages/sender/src/push/send/service-client';
import { startFakeService, type FakeService } from './support/fake-service';
import { batchesOf, iterate } from './support/push-harness';

const ROWS = Array.from({ length: 8 }, (_, n) => ({ sku: `SKU-${n}` }));

function contextOn(service: FakeService): RunContext {
  return {
    client: new ServiceClient(new URL(service.url), 'token-1'),
    reporter: { emit: () => undefined, close: () => undefined },
    retry: {
      maxRetries: 0,
      baseDelayMs: 1,
      maxDelayMs: 1,
      maxRetryAfterMs: 60_000,
      random: () => 1,
      sleep: () => Promise.resolve(),
      now: Date.now,
    },
    funnel: 'erp-products',
    dryRun: false,
    runId: 'run-1',
    totals: newTotals(),
    warnOnce: () => undefined,
  };
}

describe('the share of the input done', () => {
  let service: FakeService;
  beforeEach(async () => (service = await startFakeService()));
  afterEach(() => service.close());

  it('counts a batch once it is answered, not when it is read', async () => {
    const batches = batchesOf(ROWS, 2);
    const inputBytes = batches.reduce((sum, batch) => sum + batch.body.length, 0);
    const progress = new InputProgress(inputBytes * 2);
    let settledBatches = 0;
    const atArrival: Array<{ fraction?: number; settledBatches: number }> = [];
    service.handle(() => {
      atArrival.push({ fraction: progress.fraction(), settledBatches });
      return { status: 200, body: { status: 'success', message: 'ok' } };
    });
    await sendRows(contextOn(service), {
      batches: iterate(batches),
      identity: 'file-1',
      concurrency: 2,
      confirmed: new Set([3]),
      settled: (batch) => {
        settledBatches += 1;
        progress.settled(batch);
      },
    });
    // Each batch is an eighth of the input: a request arriving sees only the batches settled
    // before it, never the ones read and still in flight (the first sees none at all).
    expect(service.seen).toHaveLength(3);
    expect(atArrival[0]).toEqual({ fraction: 0, settledBatches: 0 });
    for (const seen of atArrival) expect(seen.fraction).toBeCloseTo(seen.settledBatches / 8);
    // Every batch counts at the end, the one a checkpoint confirmed too.
    expect(progress.fraction()).toBeCloseTo(0.5);
  });

  it('has no fraction when the input’s size says nothing of its rows', () => {
    const progress = new InputProgress(undefined);
    progress.settled(batchesOf(ROWS, 8)[0]!);
    expect(progress.fraction()).toBeUndefined();
  });

  it('stays below 1 until the run ends, however the bytes add up', () => {
    const [batch] = batchesOf(ROWS, 8);
    const progress = new InputProgress(batch!.body.length - 1);
    progress.settled(batch!);
    expect(progress.fraction()).toBe(0.99);
  });
});
