/**
 * Goals: on a Redis Cluster of 3 masters (each with a replica) and 6 queue shards, 200 tenants
 * sending single items load the masters evenly: the busiest master's jobs and Redis commands at
 * most 1.25× the masters' mean. Beside them, what the cluster costs: single items one at a time
 * and a 10,000-item batch on it against the main single-Redis stack, paired in each run. On a
 * machine of 2 cores the cluster cannot be faster; the ratios show its cost.
 */
import path from 'node:path';
import { GOALS } from '../goals';
import { medianOf } from '../measure/stats';
import { count, ms, msList, perSecond, times } from '../report/format';
import { startClusterEngines } from '../stack/cluster-engines';
import { Stack } from '../stack/stack';
import { BATCH, measureCost, type CostRun, type Side } from './cluster-cost';
import { addTenants, measureSpread, type Spread, type SpreadPlan } from './cluster-spread';
import { judged, type Bench, type Outcome, type Row, type Scenario } from './scenario';

const SHAPE = { masters: 3, replicasPerMaster: 1 };
// Two shards a master: a tenant's keys and jobs sit in its shard's slot.
const PLAN: SpreadPlan = { tenants: 200, requestsEach: 10, inFlight: 32, shards: 6 };

function spreadRows(spread: Spread): Row[] {
  const scenario = `cluster ${SHAPE.masters}+${SHAPE.masters * SHAPE.replicasPerMaster}, ${PLAN.tenants} tenants × ${PLAN.requestsEach}`;
  const row = (figure: string, values: number[], spreadRatio: number) => ({
    scenario,
    figure,
    ours: values.map(count).join(' / '),
    reference: `mean ${count(values.reduce((sum, value) => sum + value, 0) / values.length)}`,
    result: `max ${times(spreadRatio)}`,
  });
  const { clusterJobs, clusterCommands } = GOALS;
  return [
    judged(
      row('jobs a master', spread.jobs, spread.jobSpread),
      clusterJobs,
      spread.jobSpread <= clusterJobs.atMost,
    ),
    judged(
      row('Redis commands a master', spread.commands, spread.commandSpread),
      clusterCommands,
      spread.commandSpread <= clusterCommands.atMost,
    ),
    {
      scenario,
      figure: `single items, c=${PLAN.inFlight}`,
      ours: `${perSecond(spread.requestsPerSecond)}, p50 / p95 ${msList([spread.p50Ms, spread.p95Ms])}`,
      reference: '',
      result: '',
    },
  ];
}

function costRows(runs: CostRun[]): Row[] {
  const of = (side: keyof CostRun, figure: (run: Side) => number) =>
    medianOf(runs, (run) => figure(run[side]));
  const ratio = (figure: (run: Side) => number) =>
    medianOf(runs, (run) => figure(run.cluster) / figure(run.single));
  const row = (
    scenario: string,
    figure: string,
    show: (side: keyof CostRun) => string,
    read: (run: Side) => number,
  ) => ({
    scenario,
    figure,
    ours: show('cluster'),
    reference: `single Redis ${show('single')}`,
    result: times(ratio(read)),
  });
  const singles = 'cluster cost: single items, c=1';
  const batch = `cluster cost: batch of ${count(BATCH)}`;
  return [
    row(
      singles,
      'p50 / p95',
      (side) => msList([of(side, (r) => r.p50Ms), of(side, (r) => r.p95Ms)]),
      (r) => r.p50Ms,
    ),
    row(
      singles,
      'req/s',
      (side) => perSecond(of(side, (r) => r.singlesPerSecond)),
      (r) => r.singlesPerSecond,
    ),
    row(
      singles,
      'CPU a request',
      (side) => `${of(side, (r) => r.cpuMsPerRequest).toFixed(2)} ms`,
      (r) => r.cpuMsPerRequest,
    ),
    row(
      batch,
      'wall time',
      (side) => ms(of(side, (r) => r.batchWallMs)),
      (r) => r.batchWallMs,
    ),
    row(
      batch,
      'CPU, API + worker',
      (side) => ms(of(side, (r) => r.batchCpuMs)),
      (r) => r.batchCpuMs,
    ),
  ];
}

async function run(bench: Bench): Promise<Outcome> {
  const { stack: main } = bench;
  bench.log(
    `cluster: starting a Redis Cluster of ${SHAPE.masters} masters, ${SHAPE.replicasPerMaster} replica each`,
  );
  const engines = await startClusterEngines(main, SHAPE);
  bench.log(`cluster: starting a second stack on ${engines.cluster.nodes}`);
  const cluster = await Stack.startOn(engines, {
    workers: bench.workers,
    buildDir: main.buildDir,
    logDir: path.join(main.logDir, 'cluster'),
    log: (message) => bench.log(message),
    env: { REDIS_CLUSTER_NODES: engines.cluster.nodes, QUEUE_SHARDS: String(PLAN.shards) },
  });
  try {
    const masters = await engines.cluster.masters();
    bench.log(`cluster: ${PLAN.tenants} tenants, each with its content type and funnel`);
    const targets = await addTenants(cluster, PLAN.tenants);
    await cluster.resetStore();
    bench.log(
      `cluster: ${PLAN.tenants} tenants × ${PLAN.requestsEach} single items, ${PLAN.inFlight} in flight`,
    );
    const spread = await measureSpread(masters, targets, PLAN);
    const cost = await measureCost(bench, cluster);
    return { rows: [...spreadRows(spread), ...costRows(cost)], runs: { spread, cost } };
  } finally {
    await cluster.stop();
  }
}

export const cluster: Scenario = { name: 'cluster', run };
