/**
 * CPU time spent by groups of processes over a window (api, workers, redis, the database, the
 * benchmark itself), and how busy the whole machine was: what tells whether our processes, the
 * database or the cores were the limit.
 */
import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { machineTicks, usageOf } from './proc-stats';

export type ProcessGroups = Record<string, readonly number[]>;

export interface CpuReading {
  wallMs: number;
  /** Group -> CPU ms (user + system) of its processes over the window. */
  groups: Record<string, number>;
  /** Pid -> CPU ms, for the busiest-process view. */
  pids: Record<number, number>;
  /** Cores the whole machine kept busy on average over the window (0 .. cores). */
  machineBusyCores: number;
}

export class CpuMeter {
  private constructor(
    private readonly groups: ProcessGroups,
    private readonly before: Map<number, number>,
    private readonly machine: { busy: number; total: number },
    private readonly started: number,
  ) {}

  static async start(groups: ProcessGroups): Promise<CpuMeter> {
    const usage = await usageOf([...new Set(Object.values(groups).flat())]);
    const before = new Map([...usage].map(([pid, { cpuMs }]) => [pid, cpuMs]));
    return new CpuMeter(groups, before, machineTicks(), performance.now());
  }

  async stop(): Promise<CpuReading> {
    const wallMs = performance.now() - this.started;
    const machine = machineTicks();
    const after = await usageOf([...this.before.keys()]);
    const pids: Record<number, number> = {};
    for (const [pid, before] of this.before) {
      pids[pid] = Math.max(0, (after.get(pid)?.cpuMs ?? 0) - before);
    }
    const groups = Object.fromEntries(
      Object.entries(this.groups).map(([name, members]) => [
        name,
        members.reduce((sum, pid) => sum + (pids[pid] ?? 0), 0),
      ]),
    );
    const total = machine.total - this.machine.total;
    const busyFraction = total > 0 ? (machine.busy - this.machine.busy) / total : 0;
    return { wallMs, groups, pids, machineBusyCores: busyFraction * cpus().length };
  }
}
