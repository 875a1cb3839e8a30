/**
 * The one window every scenario reads: the wall time of some work, and the CPU that given
 * processes spent from its start to SETTLE_MS after its end, read from /proc/<pid>/stat (utime +
 * stime, in clock ticks: steps of 10 ms) so that no process under test is asked to time itself.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { SETTLE_MS, sleep } from './method';

const TICKS_PER_SECOND =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User + system CPU time of a process so far, in ms; 0 for a process that is gone. */
export function cpuMsOf(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // After the command name (which may hold spaces) come fields 3 onwards: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000) / TICKS_PER_SECOND;
}

export interface Window<T> {
  value: T;
  wallMs: number;
  cpuMs: number;
  /** The CPU of each of `pids`, in their order. */
  cpuMsEach: number[];
}

/** Runs `work`: its result, its wall time, and the CPU of `pids` until SETTLE_MS after it. */
export async function measure<T>(
  pids: readonly number[],
  work: () => Promise<T>,
): Promise<Window<T>> {
  const cpuBefore = pids.map(cpuMsOf);
  const started = performance.now();
  const value = await work();
  const wallMs = performance.now() - started;
  await sleep(SETTLE_MS);
  const cpuMsEach = pids.map((pid, i) => cpuMsOf(pid) - (cpuBefore[i] ?? 0));
  return { value, wallMs, cpuMs: cpuMsEach.reduce((sum, ms) => sum + ms, 0), cpuMsEach };
}

/** Busy and total clock ticks of the whole machine so far, from the first line of /proc/stat. */
export function machineTicks(): { busy: number; total: number } {
  const values = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th values.
  return { busy: total - (values[3] ?? 0) - (values[4] ?? 0), total };
}
