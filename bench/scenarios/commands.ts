/**
 * A lone request's fixed cost, counted rather than timed: the MongoDB and Redis commands the API
 * and the workers send for a single item sent alone, by name. The floor's single upsert is one
 * MongoDB command. Counts do not move with a shared machine's noise, and each command costs its
 * sender CPU and a round trip's wait (what one costs, measured: bench/HISTORY.md).
 */
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { postConcurrently } from '../measure/concurrent-posts';
import {
  COMMAND_COUNTER,
  commandCounts,
  countsBetween,
  sumOf,
  type CommandCounts,
} from '../measure/command-counts';
import { SETTLE_MS, sleep } from '../measure/method';
import { GOALS } from '../goals';
import { judged, type Bench, type Outcome, type Row, type Scenario } from './scenario';

const WARM_UP = 20;
const REQUESTS = 100;

interface Counted {
  api: CommandCounts;
  workers: CommandCounts;
}

async function countLoneRequests(bench: Bench, dir: string): Promise<Counted> {
  const { stack } = bench;
  await stack.resetStore();
  await postConcurrently(stack.target, WARM_UP, 1);
  const [api = 0, ...workers] = stack.ourPids();
  await sleep(SETTLE_MS);
  const before = {
    api: await commandCounts([api], dir),
    workers: await commandCounts(workers, dir),
  };
  await postConcurrently(stack.target, REQUESTS, 1);
  await sleep(SETTLE_MS);
  return {
    api: countsBetween(before.api, await commandCounts([api], dir), REQUESTS),
    workers: countsBetween(before.workers, await commandCounts(workers, dir), REQUESTS),
  };
}

const one = (n: number) => n.toFixed(1);

function row(counted: Counted, kind: 'mongodb' | 'redis', figure: string, reference: string): Row {
  const api = sumOf(counted.api, kind);
  const workers = sumOf(counted.workers, kind);
  return {
    scenario: 'single items, c=1',
    figure,
    ours: `${one(api + workers)} (API ${one(api)}, workers ${one(workers)})`,
    reference,
    result: '',
  };
}

async function run(bench: Bench): Promise<Outcome> {
  const dir = mkdtempSync(path.join(bench.workDir, 'command-counts-'));
  bench.log('single items, one at a time: counting commands');
  const counted = await bench.stack.withProcesses(
    { nodeArgs: ['--require', COMMAND_COUNTER], env: { BENCH_COMMAND_COUNTS_DIR: dir } },
    () => countLoneRequests(bench, dir),
  );
  for (const role of ['api', 'workers'] as const) {
    const counts = counted[role];
    const each = Object.entries(counts).map(([name, n]) => `${name} ${n.toFixed(2)}`);
    bench.log(`commands a request, ${role}: ${each.join(', ')}`);
  }
  const all = (['mongodb', 'redis'] as const).reduce(
    (sum, kind) => sum + sumOf(counted.api, kind) + sumOf(counted.workers, kind),
    0,
  );
  const { singleCommands } = GOALS;
  const total = {
    scenario: 'single items, c=1',
    figure: 'MongoDB and Redis commands a request',
    ours: one(all),
    reference: 'floor upsert 1',
    result: '',
  };
  return {
    rows: [
      judged(total, singleCommands, all <= singleCommands.atMost),
      row(counted, 'mongodb', 'MongoDB commands a request', 'floor upsert 1'),
      row(counted, 'redis', 'Redis commands a request', ''),
    ],
    runs: counted,
  };
}

export const commands: Scenario = { name: 'commands', run };
