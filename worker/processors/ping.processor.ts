/** Answers a ping: which worker took it and when. Holds the slot for `holdMs` when asked. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Processor } from './processor';

export const pingProcessor: Processor<'ping'> = async (data, context) => {
  if (data.holdMs > 0) await sleep(data.holdMs, undefined, { signal: context.signal });
  return { workerId: context.workerId, processedAt: new Date().toISOString() };
};
