/** Runs one push against the fake service with batches made here, pauses recorded, not waited. */
import type { Batch } from '../../../../../../packages/sender/src/push/push-types';
import type { PushEvent } from '../../../../../../packages/sender/src/push/report/push-events';
import { runPush, type PushPlan } from '../../../../../../packages/sender/src/push/send/push-run';
import { ServiceClient } from '../../../../../../packages/sender/src/push/send/service-client';
import type { FakeService } from './fake-service';

export function batchesOf(rows: Record<string, unknown>[], size: number): Batch[] {
  const batches: Batch[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const slice = rows.slice(start, start + size);
    const positions = slice.map((_, at) => start + at + 1);
    batches.push({ index: batches.length, positions, body: Buffer.from(JSON.stringify(slice)) });
  }
  return batches;
}

export interface PushResult {
  exitCode: number;
  events: PushEvent[];
  pauses: number[];
}

export async function push(
  service: FakeService,
  plan: Partial<PushPlan> & { batches?: Batch[] },
): Promise<PushResult> {
  const events: PushEvent[] = [];
  const pauses: number[] = [];
  const { batches = [], ...rest } = plan;
  const exitCode = await runPush(
    {
      funnel: 'erp-products',
      rows: { source: '-', batchesFor: () => iterate(batches) },
      concurrency: 2,
      dryRun: false,
      resume: false,
      restart: false,
      idPath: 'sku',
      ...rest,
    },
    {
      client: new ServiceClient(new URL(service.url), 'token-1'),
      reporter: { emit: (event) => events.push(event), close: () => undefined },
      retry: {
        maxRetries: 3,
        baseDelayMs: 100,
        maxDelayMs: 1000,
        maxRetryAfterMs: 60_000,
        random: () => 1,
        sleep: (ms) => {
          pauses.push(ms);
          return Promise.resolve();
        },
        now: Date.now,
      },
      progress: { intervalMs: 60_000 },
    },
  );
  return { exitCode, events, pauses };
}

export async function* iterate<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield await Promise.resolve(item);
}

export function summaryOf(result: PushResult): Extract<PushEvent, { event: 'summary' }> {
  const summary = result.events.find((event) => event.event === 'summary');
  if (summary?.event !== 'summary') throw new Error('no summary');
  return summary;
}
