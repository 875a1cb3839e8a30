/**
 * New items POSTed through the funnel on a fixed clock, each tick's request sent without waiting
 * for the ones before it to be answered, so that one slow answer does not slow the rate. At most
 * MAX_WAITING requests wait at once; a tick that finds that many is skipped and counted, not sent
 * late.
 */
import type { Target } from '../stack/target';
import { makeItems } from '../workload';
import { assertSuccess, postItems } from './client';
import { sleep } from './method';
import { changeKey } from './receiver';

export interface SteadyWrites {
  /** By change key (receiver.ts), when the 200 answer of the item's request came (epoch ms). */
  answeredAt: Map<string, number>;
  /** Ticks not sent because MAX_WAITING requests were waiting. */
  skippedTicks: number;
}

const MAX_WAITING = 8;

/** `perTick` new items every `tickMs` for `seconds`; resolves once every request is answered. */
export async function writeSteadily(
  target: Target,
  options: { prefix: string; perTick: number; tickMs: number; seconds: number },
): Promise<SteadyWrites> {
  const answeredAt = new Map<string, number>();
  const waiting = new Set<Promise<void>>();
  const failures: unknown[] = [];
  let skippedTicks = 0;
  const send = async (tick: number) => {
    const items = makeItems(`${options.prefix}-${tick}`, options.perTick);
    const answer = await postItems(target.funnelUrl, target.token, JSON.stringify(items));
    const at = Date.now();
    assertSuccess(answer, `steady request ${tick}`);
    for (const item of items) answeredAt.set(changeKey(item.sku), at);
  };
  const begin = Date.now();
  for (let tick = 0; tick < (options.seconds * 1_000) / options.tickMs; tick++) {
    await sleep(Math.max(0, begin + tick * options.tickMs - Date.now()));
    if (waiting.size >= MAX_WAITING) {
      skippedTicks += 1;
      continue;
    }
    const request = send(tick).catch((error: unknown) => void failures.push(error));
    waiting.add(request);
    void request.finally(() => waiting.delete(request));
  }
  await Promise.all(waiting);
  if (failures.length > 0) throw failures[0];
  return { answeredAt, skippedTicks };
}
