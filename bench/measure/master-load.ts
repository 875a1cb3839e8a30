/**
 * What each master of a Redis Cluster carries: the commands it ran (INFO commandstats, read
 * before and after a phase) and which master holds a hash slot. A spread is the busiest master's
 * figure over the masters' mean: 1 when even.
 */
import { askNode } from '../../scripts/redis-nodes';
import type { ClusterMaster } from '../../scripts/redis-cluster-survey';

// The cluster's own upkeep and the benchmark's questions, not work the product asked for.
const UPKEEP = new Set(['info', 'ping', 'replconf', 'cluster', 'client', 'config', 'hello']);

/** Commands the node on `port` ran since it started, upkeep left out. */
async function commandsOn(port: number): Promise<number> {
  const text = await askNode(port, 'INFO', 'commandstats');
  if (typeof text !== 'string') throw new Error(`Redis on port ${port} did not answer INFO`);
  let calls = 0;
  for (const match of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    const name = (match[1] ?? '').split('|')[0] ?? '';
    if (!UPKEEP.has(name)) calls += Number(match[2]);
  }
  return calls;
}

/** Each master's commands, in the order of `masters`. */
export const commandsOnMasters = (masters: readonly ClusterMaster[]) =>
  Promise.all(masters.map((master) => commandsOn(master.port)));

/** The index in `masters` of the one that serves `slot`. */
export function masterOfSlot(masters: readonly ClusterMaster[], slot: number): number {
  const index = masters.findIndex((master) =>
    master.slots.some(([low, high]) => slot >= low && slot <= high),
  );
  if (index < 0) throw new Error(`no master serves slot ${slot}`);
  return index;
}

/** The largest value over the mean. */
export function spreadOf(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.max(...values) / mean;
}
