/**
 * Goals: `funnel-sync push` with its defaults sends a 200,000-item NDJSON file at ≥ 0.9× the
 * items/s the bench itself reaches POSTing the same items in 10,000-item requests, and its
 * process stays under 150 MB of peak RSS, with 1,000,000 items as with 200,000. The reference
 * is the faster of 1 and 4 requests in flight in the same run, each on an emptied store.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { GOALS } from '../goals';
import { runTree } from '../measure/process-tree';
import { medianOf } from '../measure/stats';
import { ROOT } from '../paths';
import { count, mb, perSecond, times } from '../report/format';
import { ENDPOINT_URL } from '../workload';
import { postBatch } from './batch-request';
import { CHUNK, writePushFile, type PushFile } from './push-file';
import { rounds } from './rounds';
import { judged, type Bench, type Outcome, type Scenario } from './scenario';

const ITEMS = 200_000;
/** One run at this size shows whether the CLI's memory grows with the file. */
const LARGE_ITEMS = 1_000_000;
const IN_FLIGHT = [1, 4] as const;

interface CliRun {
  wallMs: number;
  /** The summary's own `seconds`: the run without node's start. */
  summarySeconds: number;
  peakRssMb: number;
  requests: number;
}

interface PushRun {
  cli: CliRun;
  /** Wall time of the bench's own POSTs, by requests in flight. */
  referenceMs: Record<number, number>;
}

const rate = (items: number, wallMs: number) => (items * 1_000) / wallMs;

/**
 * `funnel-sync push FILE --funnel URL --json` as the package's `bin` runs it: node on the
 * compiled CLI, in a process of its own.
 */
async function pushWithCli(bench: Bench, file: PushFile): Promise<CliRun> {
  const { baseUrl, token } = bench.stack.target;
  const cli = path.join(bench.stack.buildDir, 'sender/main.js');
  const args = [cli, 'push', file.path, '--funnel', ENDPOINT_URL, '--json'];
  const env = { ...process.env, FUNNEL_SYNC_URL: baseUrl, FUNNEL_SYNC_TOKEN: token };
  const run = await runTree(process.execPath, args, { cwd: ROOT, env });
  const lines = run.stdout.trim().split('\n');
  const summary = JSON.parse(lines[lines.length - 1] ?? '{}') as {
    event?: string;
    imported?: number;
    requests?: number;
    seconds?: number;
  };
  // A push that did not import every row measured something else than the goal's.
  if (run.exitCode !== 0 || summary.event !== 'summary' || summary.imported !== file.items) {
    const said = `${lines.slice(-3).join('\n')}\n${run.stderr.slice(-1_000)}`;
    throw new Error(`push of ${file.items} items exited ${run.exitCode}: ${said}`);
  }
  return {
    wallMs: run.wallMs,
    summarySeconds: summary.seconds ?? NaN,
    peakRssMb: run.peakRssMb,
    requests: summary.requests ?? 0,
  };
}

/** The file's items as CHUNK-item POSTs from the bench, `inFlight` at a time: wall time. */
async function postFile(bench: Bench, file: PushFile, inFlight: number): Promise<number> {
  // The bodies are made first: the reference times the requests, not their serialisation.
  const bodies = Array.from({ length: file.items / CHUNK }, (_, k) =>
    JSON.stringify(file.chunk(k)),
  );
  let next = 0;
  const lane = async () => {
    for (let body = bodies[next++]; body !== undefined; body = bodies[next++]) {
      await postBatch(bench, body);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, lane));
  return performance.now() - started;
}

async function pushRun(bench: Bench): Promise<PushRun> {
  const file = await writePushFile(bench.workDir, ITEMS);
  try {
    const cli = await pushWithCli(bench, file);
    const referenceMs: Record<number, number> = {};
    for (const inFlight of IN_FLIGHT) {
      await bench.stack.resetStore();
      referenceMs[inFlight] = await postFile(bench, file, inFlight);
    }
    return { cli, referenceMs };
  } finally {
    rmSync(file.path, { force: true });
  }
}

async function largeRun(bench: Bench): Promise<CliRun> {
  await bench.stack.resetStore();
  bench.log(`push: ${count(LARGE_ITEMS)} items, once`);
  const file = await writePushFile(bench.workDir, LARGE_ITEMS);
  try {
    return await pushWithCli(bench, file);
  } finally {
    rmSync(file.path, { force: true });
    await bench.stack.resetStore();
  }
}

/** The reference's in-flight count: the one faster in most runs. */
function fasterInFlight(runs: readonly PushRun[]): number {
  const wins = (inFlight: number) =>
    runs.filter((run) => Math.min(...Object.values(run.referenceMs)) === run.referenceMs[inFlight])
      .length;
  return wins(4) > wins(1) ? 4 : 1;
}

async function run(bench: Bench): Promise<Outcome> {
  // The CLI cuts its requests by the service's MAX_ITEMS, which the stack raises for growth: at
  // the default, the CLI's requests are the reference's.
  const { runs, large } = await bench.stack.withApiEnv({ MAX_ITEMS: String(CHUNK) }, async () => ({
    runs: await rounds(bench, 'push', { warmUp: 1, runs: bench.runs }, () => pushRun(bench)),
    large: await largeRun(bench),
  }));
  const bestMs = (run: PushRun) => Math.min(...Object.values(run.referenceMs));
  const ours = medianOf(runs, (run) => rate(ITEMS, run.cli.wallMs));
  const reference = medianOf(runs, (run) => rate(ITEMS, bestMs(run)));
  const ratio = medianOf(runs, (run) => bestMs(run) / run.cli.wallMs);
  const peak = Math.max(...runs.map((run) => run.cli.peakRssMb));
  const { pushRate, pushRss } = GOALS;
  const rows = [
    judged(
      {
        scenario: `push ${count(ITEMS)} items`,
        figure: 'items/s',
        ours: perSecond(ours),
        reference: `bench POSTs ${perSecond(reference)} (${count(CHUNK)} a request, ${fasterInFlight(runs)} in flight)`,
        result: times(ratio),
      },
      pushRate,
      ratio >= pushRate.atLeast,
    ),
    judged(
      {
        scenario: 'push',
        figure: `CLI peak RSS, ${count(ITEMS)} / ${count(LARGE_ITEMS)} items`,
        ours: `${mb(peak)} / ${mb(large.peakRssMb)}`,
        reference: '',
        result: '',
      },
      pushRss,
      peak < pushRss.belowMb && large.peakRssMb < pushRss.belowMb,
    ),
  ];
  return { rows, runs: { runs, large } };
}

export const push: Scenario = { name: 'push', run };
