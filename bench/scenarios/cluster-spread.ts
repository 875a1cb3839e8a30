/**
 * The cluster scenario's spread: many tenants each send single items, and each master's share
 * is counted twice, as the jobs its slots received (each tenant's queue shard sits in one slot)
 * and as the Redis commands it ran over the phase.
 */
import { QueueShards } from '../../core/redis/queue-shards';
import type { ClusterMaster } from '../../scripts/redis-cluster-survey';
import { assertSuccess, postItems } from '../measure/client';
import { commandsOnMasters, masterOfSlot, spreadOf } from '../measure/master-load';
import { SETTLE_MS, sleep } from '../measure/method';
import { percentile } from '../measure/stats';
import type { Stack } from '../stack/stack';
import type { Target } from '../stack/target';
import { makeItems, runId } from '../workload';

export interface SpreadPlan {
  tenants: number;
  requestsEach: number;
  inFlight: number;
  shards: number;
}

export interface Spread {
  /** Requests sent to the tenants whose shard each master holds, in the order of `masters`. */
  jobs: number[];
  /** Commands each master ran over the phase. */
  commands: number[];
  jobSpread: number;
  commandSpread: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  masters: ClusterMaster[];
}

/** Runs `each` over `values`, `inFlight` at a time. */
async function inParallel<T>(values: T[], inFlight: number, each: (value: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < values.length) await each(values[next++] as T);
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
}

/** The tenants, each with the content type and funnel every scenario uses. */
export async function addTenants(stack: Stack, count: number): Promise<Target[]> {
  const targets: Target[] = [];
  const names = Array.from({ length: count }, (_, index) => `bench-spread-${index}`);
  // A few at a time: each is a bootstrap, two settings calls and a priming request.
  await inParallel(names, 8, async (name) => void targets.push(await stack.addTenant(name)));
  return targets;
}

export async function measureSpread(
  masters: ClusterMaster[],
  targets: Target[],
  plan: SpreadPlan,
): Promise<Spread> {
  // Round after round of every tenant, so that every shard has work at each moment.
  const sends = Array.from({ length: plan.requestsEach }, () => targets).flat();
  const prefix = runId();
  const latencies: number[] = [];
  let sent = 0;
  const before = await commandsOnMasters(masters);
  const started = performance.now();
  await inParallel(sends, plan.inFlight, async (target) => {
    const [item] = makeItems(`${prefix}-${sent++}`, 1);
    const answer = await postItems(target.funnelUrl, target.token, JSON.stringify(item));
    assertSuccess(answer, `a single item of ${target.tenant}`);
    latencies.push(answer.ms);
  });
  const wallMs = performance.now() - started;
  await sleep(SETTLE_MS);
  const after = await commandsOnMasters(masters);
  const commands = after.map((calls, index) => calls - (before[index] ?? 0));

  const shards = new QueueShards(plan.shards);
  const jobs = masters.map(() => 0);
  for (const target of targets) {
    const master = masterOfSlot(masters, shards.of(target.tenant).slot);
    jobs[master] = (jobs[master] ?? 0) + plan.requestsEach;
  }
  return {
    jobs,
    commands,
    jobSpread: spreadOf(jobs),
    commandSpread: spreadOf(commands),
    requestsPerSecond: (sends.length * 1_000) / wallMs,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    masters,
  };
}
