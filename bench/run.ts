/**
 * `npm run bench` (bench/README.md): starts the engines, the API and N workers, runs the scenarios,
 * prints one table with the goals beside the figures, writes bench/results/<date>.json, and with
 * `--profile` CPU-profiles API and workers on the workloads of the goals missed.
 * `npm run bench -- --help` lists the options. bench/lazy-match.bench.ts stays a separate run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Connection } from 'mongoose';
import { connectMongo } from '../core/mongo/connection';
import { buildCompiled } from './build';
import type { BenchContext } from './context';
import { startEngines } from './engines';
import { judgeGoals } from './goals';
import { machineInfo } from './machine';
import { describeRuntime, parseOptions } from './options';
import { revision } from './revision';
import { formatProfiles, profileMissedGoals, type ProfileReport } from './profiling';
import { RESULTS_DIR } from './paths';
import { formatTable, writeRecord } from './report';
import { runScenarios } from './scenarios';
import { Stack } from './stack';
import { prepareTarget } from './tenant';

const METHOD = [
  "Every figure is the median of the measured runs, after the warm-up runs (options.runs, options.warmup). The CPU and wall ratios against the floor are the median of per-run ratios: each product run is paired with the floor run measured right after it, since the shared machine's speed drifts over a minute.",
  'Before every run the items, item_stats and history collections are dropped and the indexes made again, so every run writes new items into an empty store (FerretDB v1 scans whole collections for non-insert writes and lookups; scenario 8 shows that cost on purpose).',
  'Wall time is what the HTTP client sees, from sending the request to the end of the answer.',
  'API and workers run as production runs them: compiled by tsc (tsconfig.build.json, into bench/results/build/) and started with node; with --tsx under tsx, as npm run api / worker do (options.runtime says which). The floor and the naive server are bench/ code and run under tsx either way, compiled at start-up, before anything is measured.',
  'CPU time is utime + stime from /proc/<pid>/stat (read by pidusage) of the API and worker processes, read before the request and SETTLE_MS (100 ms) after its answer; the floor reports its own process.cpuUsage() from reading the body file to SETTLE_MS after the last acknowledgement, so that on both sides the collection of what the work left is counted alike (bench/measurement.ts).',
  'Every process a batch figure counts is equally warm and hot (bench/measurement.ts). Warm: before the runs of a batch size, the worker has run that batch WARM_ROUNDS times, and the floor process first writes the same body (read, parsed, documents built, written) WARM_ROUNDS times, and at least 10,000 items, unmeasured into a scratch collection dropped after each round. Hot: each measured request follows an unmeasured one of the same size in the same processes (only the store reset between them), as the floor measures its write right after its warm-up rounds; on this kind of machine a process that idled for half a second spends 50-100% more CPU on its next batch. Hence batches (scenarios 2, 6 and 7) run with one worker: BullMQ hands consecutive jobs to the worker that has waited longest, so with two the measured request would find its worker idle. Before timing single writes the floor sends 20 unmeasured ones into the scratch collection.',
  "The floor writes new items with one unordered bulkWrite, the way the product writes them on the engine: insertOne operations on FerretDB v1 (one insert command, as the product's insertMany sends), _id upserts on MongoDB. The single-item goal compares with its single _id upsert (updateOne, upsert: true), whatever the engine's cheapest write is; its single insertOne is shown for reference.",
  "Scenario 1 runs in rounds of five, each on an emptied store: c=1 and c=32 to the stack's API, the same to a second API beside it started with GROUP_MAX_REQUESTS=1 (every request processed alone), and right after the c=32 run the floor writing as many new items with 32 insertOne commands in flight, warmed by writing the same body WARM_ROUNDS times at that concurrency. Grouped against alone and c=32 against the floor are medians of the rounds' pairs. CPU per request counts the API addressed and the workers, read before the first request and after the last answer.",
  'The naive route upserts one item at a time with updateOne on the same _id, no validation, queue or history.',
  'Peak RSS: VmHWM from /proc/<pid>/status after resetting it through /proc/<pid>/clear_refs before the request, cross-checked by polling the RSS every 20 ms (pidusage); the largest over the measured runs.',
  'Scaling: options.scalingRequests requests of 1,000 items, options.scalingInFlight in flight; "cores busy" is CPU time divided by wall time per process group, "machine" from /proc/stat.',
  'The benchmark client runs on the same machine and shares its cores.',
];

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const begun = performance.now();
  const log = (message: string) =>
    process.stderr.write(
      `[bench ${((performance.now() - begun) / 1_000).toFixed(0)}s] ${message}\n`,
    );
  const date = new Date().toISOString();
  const code = revision();
  const stamp = date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  const workDir = mkdtempSync(path.join(tmpdir(), 'funnel-sync-bench-'));

  if (options.runtime === 'compiled') log('compiling api/, worker/ and core/ with tsc');
  const buildDir = options.runtime === 'compiled' ? buildCompiled() : undefined;
  log('starting the engines');
  const engines = await startEngines();
  let stack: Stack | undefined;
  let mongo: Connection | undefined;
  try {
    mongo = await connectMongo(engines.mongoUrl, 'bench');
    log(
      `engine: ${engines.version.name} ${engines.version.version}; starting API and ${options.workers} worker(s), ${options.runtime}`,
    );
    stack = await Stack.start(engines, {
      workers: options.workers,
      workerConcurrency: options.workerConcurrency,
      logLevel: options.logLevel,
      ...(options.keepLogs ? { logDir: path.join(RESULTS_DIR, 'logs', stamp) } : {}),
      buildDir,
    });
    const target = await prepareTarget(mongo, stack.baseUrl, stack.jwtSecret);
    const context: BenchContext = {
      engines,
      stack,
      target,
      mongo,
      options,
      workDir,
      log,
      buildDir,
    };

    const results = await runScenarios(context);
    const goals = judgeGoals(results);
    const table = formatTable(results, goals);
    const startRssMb = stack.startRssMb;
    await stack.stop();
    stack = undefined;

    const machine = machineInfo();
    console.log(
      `\nfunnel-sync benchmark, ${date}\n` +
        `machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, ${machine.os}; Node ${machine.node}\n` +
        `engine: ${engines.version.name} ${engines.version.version}` +
        `${engines.version.backend ? ` (${engines.version.backend})` : ''}, MongoDB ${engines.version.mongoVersion} wire; ` +
        `${options.workers} workers x WORKER_CONCURRENCY ${options.workerConcurrency}, ` +
        `${describeRuntime(options.runtime)}; ` +
        `median of ${options.runs} runs after ${options.warmup} warm-up\n` +
        `code: ${code.commit.slice(0, 12)}${code.uncommitted.length > 0 ? ` + ${code.uncommitted.length} uncommitted file(s)` : ''}\n`,
    );
    console.log(table);
    console.log(
      `\nRSS once ready, before any request: API ${startRssMb.api.toFixed(0)} MB, workers ` +
        `${startRssMb.workers.map((rss) => rss.toFixed(0)).join(', ')} MB`,
    );

    let profiles: ProfileReport[] | undefined;
    const missed = goals.filter((goal) => goal.status === 'missed');
    if (options.profile && missed.length > 0) {
      profiles = await profileMissedGoals(context, missed, stamp);
      console.log(formatProfiles(profiles));
    }

    const file = writeRecord({
      date,
      machine,
      engine: engines.version,
      revision: code,
      options,
      runtime: describeRuntime(options.runtime),
      method: METHOD,
      results,
      goals,
      table,
      ...(profiles ? { profiles } : {}),
      startRssMb,
      durationSeconds: Math.round((performance.now() - begun) / 1_000),
    });
    console.log(
      `\nmet ${goals.filter((goal) => goal.status === 'met').length} of ${goals.length} goals; results in ${path.relative(process.cwd(), file)}`,
    );
    if (missed.length > 0 && !options.profile) {
      console.log(
        `missed: ${missed.map((goal) => goal.id).join(', ')}; run with --profile to see where the time goes`,
      );
    }
  } finally {
    await stack?.stop();
    await mongo?.close();
    await engines.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
