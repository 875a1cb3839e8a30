/**
 * Reads the command counts of processes started with command-counter.cjs: each writes its own
 * on SIGUSR2, and the file it writes is polled for.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sleep } from './method';

/** The preload to pass with `--require`. */
export const COMMAND_COUNTER = path.join(__dirname, 'command-counter.cjs');

export type CommandCounts = Record<string, number>;

const WAIT_MS = 10_000;
const POLL_MS = 20;

async function countsOf(pid: number, dir: string): Promise<CommandCounts> {
  const file = path.join(dir, `${pid}.json`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < WAIT_MS; waited += POLL_MS) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as CommandCounts;
    await sleep(POLL_MS);
  }
  throw new Error(`process ${pid} wrote no command counts in ${WAIT_MS} ms`);
}

/** Every command the processes sent so far, summed, by name. */
export async function commandCounts(pids: readonly number[], dir: string): Promise<CommandCounts> {
  const total: CommandCounts = {};
  for (const pid of pids) {
    for (const [name, n] of Object.entries(await countsOf(pid, dir))) {
      total[name] = (total[name] ?? 0) + n;
    }
  }
  return total;
}

/** What was sent between two readings, per unit of work (`per`), by name, largest first. */
export function countsBetween(
  before: CommandCounts,
  after: CommandCounts,
  per: number,
): CommandCounts {
  const between = Object.entries(after)
    .map(([name, n]) => [name, (n - (before[name] ?? 0)) / per] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return Object.fromEntries(between);
}

/** The sum of the counts whose name starts with `prefix` ("mongodb", "redis"). */
export function sumOf(counts: CommandCounts, prefix: string): number {
  return Object.entries(counts)
    .filter(([name]) => name.startsWith(`${prefix} `))
    .reduce((sum, [, n]) => sum + n, 0);
}
