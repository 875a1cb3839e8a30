/**
 * `--profile`: for each goal missed, where the time goes. Starts a second stack whose API and
 * workers run with `--cpu-prof`, runs the workload of each missed goal a few times (timing
 * windows taken around each run, the store emptied between runs outside them), stops the stack
 * so that the profiles are written, and sums self time per function inside the windows.
 * Profiled figures are slower than the table's (sampling costs); only the shares are read.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { runBatch } from './batch';
import { timeJobCommands, type CommandTiming } from './command-timing';
import type { BenchContext } from './context';
import {
  monotonicMicros,
  summariseProfiles,
  type ProfileSummary,
  type SelfTime,
  type Window,
} from './cpu-profile';
import { runExport } from './export-run';
import type { GoalResult, Workload } from './goals';
import { runLatency } from './latency';
import { RESULTS_DIR } from './paths';
import { runScaling } from './scaling';
import { BURST_CONCURRENCY } from './scenarios';
import { Stack } from './stack';
import { resetStore } from './store-reset';
import { prepareTarget } from './tenant';

export interface ProfileReport {
  workload: Workload;
  goals: string[];
  /** How much work the windows hold: so many requests, or batches. */
  work: { count: number; unit: string };
  /** Files of the profiles, relative to the repository. */
  files: string[];
  api: ProfileSummary;
  workers: ProfileSummary;
  /** single-c1: each database command of a one-item job, timed alone (bench/command-timing.ts). */
  databaseCommands?: CommandTiming[];
}

const DESCRIPTIONS: Record<Workload, string> = {
  'single-c1': 'single-item requests, one at a time',
  'single-c32': `single-item requests, ${BURST_CONCURRENCY} at a time`,
  'batch-1k': '1,000-item batches',
  'batch-10k': '10,000-item batches',
  'batch-50k': 'a 50,000-item batch',
  'scaling-2w': 'concurrent 1,000-item requests, 2 workers',
  export: 'export deliveries to a local receiver',
};

export function describeWorkload(workload: Workload): string {
  return DESCRIPTIONS[workload];
}

interface WorkloadRun {
  windows: Window[];
  work: { count: number; unit: string };
}

/** Runs one workload: one unmeasured run, then `times` runs inside timing windows. */
async function runWorkload(context: BenchContext, workload: Workload): Promise<WorkloadRun> {
  const windows: Window[] = [];
  const repeatTimed = async (times: number, work: () => Promise<unknown>) => {
    // The unmeasured run keeps start-up and first-call compilation out, as in the table.
    await resetStore(context.mongo);
    await work();
    for (let i = 0; i < times; i++) {
      await resetStore(context.mongo);
      const start = monotonicMicros();
      await work();
      windows.push([start, monotonicMicros()]);
    }
  };
  const { latencyRequests, burstRequests, scalingRequests } = context.options;
  switch (workload) {
    case 'single-c1':
      await repeatTimed(3, () => runLatency(context, 1, latencyRequests));
      return { windows, work: { count: 3 * latencyRequests, unit: 'requests' } };
    case 'single-c32':
      await repeatTimed(3, () => runLatency(context, BURST_CONCURRENCY, burstRequests));
      return { windows, work: { count: 3 * burstRequests, unit: 'requests' } };
    case 'batch-1k':
      await repeatTimed(5, () => runBatch(context, 1_000));
      return { windows, work: { count: 5, unit: 'batches' } };
    case 'batch-10k':
      await repeatTimed(3, () => runBatch(context, 10_000));
      return { windows, work: { count: 3, unit: 'batches' } };
    case 'batch-50k':
      await repeatTimed(1, () => runBatch(context, 50_000));
      return { windows, work: { count: 1, unit: 'batches' } };
    case 'export':
      await repeatTimed(1, () => runExport(context));
      return { windows, work: { count: 1, unit: 'export runs' } };
    case 'scaling-2w': {
      const options = { ...context.options, scalingWorkers: [2], warmup: 0, runs: 1 };
      await repeatTimed(1, () => runScaling({ ...context, options }));
      return { windows, work: { count: scalingRequests, unit: 'requests' } };
    }
  }
}

function profilesOf(dir: string, pids: Set<number>): string[] {
  // CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile; thread 0 is the main thread, the
  // others (under tsx) are its module loader, idle once the process has started.
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .filter((name) => pids.has(Number(name.split('.')[3])) && name.split('.')[4] === '0')
    .map((name) => path.join(dir, name));
}

export async function profileMissedGoals(
  context: BenchContext,
  missed: GoalResult[],
  stamp: string,
): Promise<ProfileReport[]> {
  const workloads = [...new Set(missed.map((goal) => goal.workload))];
  if (workloads.length === 0) return [];
  const dir = path.join(RESULTS_DIR, 'profiles', stamp);
  const stack = await Stack.start(context.engines, {
    workers: context.options.workers,
    workerConcurrency: context.options.workerConcurrency,
    logLevel: context.options.logLevel,
    profileDir: dir,
    // Profiles the code the table measured: compiled, or under tsx with --tsx.
    buildDir: context.buildDir,
  });
  const apiPids = new Set<number>([stack.api.pid]);
  const workerPids = new Set<number>();
  const runs = new Map<Workload, WorkloadRun>();
  const commands = new Map<Workload, CommandTiming[]>();
  try {
    const target = await prepareTarget(context.mongo, stack.baseUrl, stack.jwtSecret);
    const profiled: BenchContext = { ...context, stack, target };
    for (const workload of workloads) {
      context.log(`profile: ${describeWorkload(workload)}`);
      runs.set(workload, await runWorkload(profiled, workload));
      stack.workers.forEach((worker) => workerPids.add(worker.pid));
      if (workload === 'single-c1') {
        await resetStore(context.mongo);
        commands.set(workload, await timeJobCommands(profiled, context.options.latencyRequests));
      }
    }
  } finally {
    stack.workers.forEach((worker) => workerPids.add(worker.pid));
    await stack.stop();
  }
  const apiFiles = profilesOf(dir, apiPids);
  const workerFiles = profilesOf(dir, workerPids);
  return workloads.map((workload) => {
    const run = runs.get(workload) ?? { windows: [], work: { count: 0, unit: 'runs' } };
    const databaseCommands = commands.get(workload);
    return {
      workload,
      goals: missed.filter((goal) => goal.workload === workload).map((goal) => goal.id),
      work: run.work,
      files: [...apiFiles, ...workerFiles].map((file) => path.relative(process.cwd(), file)),
      api: summariseProfiles(apiFiles, run.windows),
      workers: summariseProfiles(workerFiles, run.windows),
      ...(databaseCommands ? { databaseCommands } : {}),
    };
  });
}

function section(title: string, entries: SelfTime[]): string[] {
  const line = (entry: SelfTime) =>
    `      ${entry.percent.toFixed(1).padStart(5)}%  ${entry.ms.toFixed(0).padStart(6)} ms  ${entry.name}`;
  return [`    ${title}:`, ...entries.map(line)];
}

/** The profiles as text: per workload and role, time by place, by function, by our functions. */
export function formatProfiles(reports: ProfileReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    const { count, unit } = report.work;
    const one = unit === 'batches' ? 'batch' : unit.replace(/s$/, '');
    lines.push(
      '',
      `Profile: ${describeWorkload(report.workload)}, ${count} ${unit} in the windows ` +
        `(goals missed: ${report.goals.join(', ')})`,
    );
    for (const [role, summary] of [
      ['API', report.api],
      ['workers', report.workers],
    ] as const) {
      const per = count > 0 ? `, ${(summary.busyMs / count).toFixed(1)} ms per ${one}` : '';
      lines.push(`  ${role}: ${summary.busyMs} ms busy${per} (${summary.sampledMs} ms sampled)`);
      lines.push(...section('by place (self time)', summary.places));
      lines.push(...section('top self-time functions', summary.functions));
      lines.push(...section('our functions, inclusive of what they call', summary.ours));
    }
    if (report.databaseCommands) {
      lines.push("  the job's database commands, each sent alone by the benchmark (median):");
      for (const entry of report.databaseCommands) {
        lines.push(`      ${entry.medianMs.toFixed(2).padStart(7)} ms  ${entry.command}`);
      }
    }
  }
  return lines.join('\n');
}
