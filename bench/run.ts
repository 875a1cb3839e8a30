/**
 * `npm run bench` (bench/README.md): starts the stack once, runs the chosen scenarios, prints the
 * table, writes bench/results/<date-time>.json and docs/performance.md from it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { GOALS } from './goals';
import { parseOptions } from './options';
import { RESULTS_DIR, ROOT } from './paths';
import { textTable } from './report/columns';
import { machineInfo } from './report/machine';
import { profileReport } from './report/profile-summary';
import { goalResults, stampOf, writeRecord } from './report/record';
import { revision } from './report/revision';
import { writePage } from './report/write-page';
import { SCENARIOS } from './scenarios/all';
import type { Bench, Row } from './scenarios/scenario';
import { Stack } from './stack/stack';

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const begun = performance.now();
  const log = (message: string) => {
    const seconds = ((performance.now() - begun) / 1_000).toFixed(0);
    process.stderr.write(`[bench ${seconds}s] ${message}\n`);
  };
  const date = new Date().toISOString();
  const code = revision();
  const logDir = path.join(RESULTS_DIR, 'logs', stampOf(date));
  const profileDir = path.join(logDir, 'profiles');
  const nodeArgs = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const stack = await Stack.start({ workers: options.workers, logDir, log, nodeArgs });
  const workDir = mkdtempSync(path.join(tmpdir(), 'funnel-sync-bench-'));
  const bench: Bench = { stack, workDir, runs: options.runs, workers: options.workers, log };
  const rows: Row[] = [];
  const runs: Record<string, unknown> = {};
  const failures: Record<string, string> = {};
  try {
    for (const scenario of SCENARIOS.filter(({ name }) => options.only.includes(name))) {
      // A scenario that fails is reported and the next one runs: one hung request costs one row.
      try {
        const outcome = await scenario.run(bench);
        rows.push(...outcome.rows);
        runs[scenario.name] = outcome.runs;
      } catch (error) {
        failures[scenario.name] = String((error as Error).message);
        log(`${scenario.name} failed: ${failures[scenario.name]}`);
        await stack.setWorkers(options.workers).catch(() => undefined);
      }
    }
  } finally {
    await stack.stop();
    rmSync(workDir, { recursive: true, force: true });
  }

  if (options.profile) {
    const report = profileReport(profileDir);
    writeFileSync(path.join(logDir, 'profile-summary.txt'), report);
    console.log(`\n${report}`);
  }
  const goals = goalResults(rows, Object.values(GOALS));
  console.log(`\n${textTable(rows)}\n`);
  const file = writeRecord({
    date,
    machine: machineInfo(),
    engine: stack.engine,
    revision: code,
    options,
    rows,
    goals,
    runs,
    failures,
    durationSeconds: Math.round((performance.now() - begun) / 1_000),
  });
  await writePage(file);
  const tally = (status: string) => goals.filter((goal) => goal.status === status).length;
  const met = `met ${tally('met')}, missed ${tally('missed')}, not measured ${tally('not measured')}`;
  console.log(
    `goals: ${met}; ${path.relative(ROOT, file)}, logs in ${path.relative(ROOT, logDir)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
