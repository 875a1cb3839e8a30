/**
 * What the kernel knows about other processes (Linux): CPU time and resident memory through
 * pidusage, and from /proc by hand what pidusage does not give: the peak RSS (VmHWM) and its
 * reset, the machine's busy time, and which process listens on a port (how the benchmark finds
 * the pids of Redis and the database it did not start). The benchmark measures other processes
 * with these, so that a process is never asked to time itself.
 */
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import pidusage from 'pidusage';

export interface ProcessUsage {
  /** User + system CPU time of the process (all its threads) so far, in ms. */
  cpuMs: number;
  /** Resident memory right now, in KiB. */
  rssKb: number;
}

const GONE: ProcessUsage = { cpuMs: 0, rssKb: 0 };

/** Usage of each pid; zeros for a process that is gone or that this user may not read. */
export async function usageOf(pids: readonly number[]): Promise<Map<number, ProcessUsage>> {
  const readings = await Promise.all(
    pids.map(async (pid): Promise<[number, ProcessUsage]> => {
      try {
        const stat = await pidusage(pid);
        return [pid, { cpuMs: stat.ctime, rssKb: stat.memory / 1024 }];
      } catch {
        return [pid, GONE];
      }
    }),
  );
  return new Map(readings);
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory right now, in KiB, read at once (bench/stack.ts notes a process's start). */
export function rssKb(pid: number): number {
  return statusKb(pid, 'VmRSS');
}

/** The peak resident memory since start or since the last `resetPeakRss`, in KiB. */
export function peakRssKb(pid: number): number {
  return statusKb(pid, 'VmHWM');
}

/** Sets a process's recorded peak RSS to its current RSS (Linux ≥ 4.0); false where refused. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Busy and total jiffies of the whole machine, from the first line of /proc/stat. */
export function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th values.
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function listOrEmpty(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The pid of the process listening on a local TCP port, when this user may see it. */
export function pidListeningOn(port: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readOrEmpty(table).split('\n').slice(1)) {
      const parts = line.trim().split(/\s+/);
      const local = parts[1];
      if (!local || parts[3] !== '0A') continue; // 0A: LISTEN
      if (parseInt(local.split(':')[1] ?? '', 16) === port && parts[9]) inodes.add(parts[9]);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    for (const fd of listOrEmpty(`/proc/${entry}/fd`)) {
      try {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(entry);
      } catch {
        // The fd closed while we looked.
      }
    }
  }
  return undefined;
}

/**
 * Polls the RSS of some processes and keeps each one's maximum: a cross-check of VmHWM, and the
 * measure where resetting VmHWM is refused.
 */
export class RssSampler {
  private readonly peaks = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  /** The reading under way: a tick that finds one skips, so that readings never pile up. */
  private reading: Promise<void> | undefined;

  constructor(
    private readonly pids: number[],
    private readonly intervalMs = 20,
  ) {}

  start(): this {
    this.tick();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    return this;
  }

  /** Stops polling; resolves with pid -> highest RSS seen, in KiB. */
  async stop(): Promise<Map<number, number>> {
    if (this.timer) clearInterval(this.timer);
    await this.reading;
    await this.sample();
    return this.peaks;
  }

  private tick(): void {
    this.reading ??= this.sample().finally(() => {
      this.reading = undefined;
    });
  }

  private async sample(): Promise<void> {
    for (const [pid, usage] of await usageOf(this.pids)) {
      this.peaks.set(pid, Math.max(this.peaks.get(pid) ?? 0, usage.rssKb));
    }
  }
}
