/**
 * The export scenario's steady writer: new items POSTed through the funnel on a fixed clock, each
 * tick's request sent without waiting for the ones before it to be answered, so that one slow
 * answer does not slow the rate down. At most MAX_IN_FLIGHT requests wait at once; a tick that
 * finds that many waiting is skipped and counted, not sent late.
 */
import { assertSuccess, postItems } from './client';
import type { BenchContext } from './context';
import { funnelUrl } from './tenant';
import { makeItems } from './workload';

export interface SteadyWrites {
  /** Per item, by `identifier@version` as the receiver keys arrivals, when its 200 answer came. */
  answeredAt: Map<string, number>;
  /** Ticks whose request was not sent because MAX_IN_FLIGHT requests were waiting. */
  skippedTicks: number;
  /** Milliseconds from each request's sending to its answer. */
  answerMs: number[];
}

export const MAX_IN_FLIGHT = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `perTick` new items every `tickMs` for `seconds`, identifiers starting with `prefix`;
 * resolves once every request sent has been answered. Throws on any answer but a whole success.
 */
export async function writeSteadily(
  context: BenchContext,
  options: { prefix: string; perTick: number; tickMs: number; seconds: number },
): Promise<SteadyWrites> {
  const { target } = context;
  const url = funnelUrl(target);
  const answeredAt = new Map<string, number>();
  const answerMs: number[] = [];
  const pending = new Set<Promise<void>>();
  const failures: Error[] = [];
  let skippedTicks = 0;
  const send = async (tick: number) => {
    const items = makeItems(`${options.prefix}-${tick}`, options.perTick);
    const result = await postItems(url, target.token, JSON.stringify(items));
    const at = Date.now();
    assertSuccess(result, `steady request ${tick}`);
    answerMs.push(result.ms);
    // Items new to the store are at their first version.
    for (const item of items) answeredAt.set(`${item.sku}@1`, at);
  };
  const ticks = (options.seconds * 1_000) / options.tickMs;
  const begin = Date.now();
  for (let tick = 0; tick < ticks; tick += 1) {
    await sleep(Math.max(0, begin + tick * options.tickMs - Date.now()));
    if (pending.size >= MAX_IN_FLIGHT) {
      skippedTicks += 1;
      continue;
    }
    const request = send(tick).catch((error: unknown) => {
      failures.push(error as Error);
    });
    pending.add(request);
    void request.finally(() => pending.delete(request));
  }
  await Promise.all(pending);
  if (failures[0]) throw failures[0];
  return { answeredAt, skippedTicks, answerMs };
}
