/**
 * A process's peak resident memory over some work: VmHWM from /proc/<pid>/status, after setting
 * it back to the current RSS through /proc/<pid>/clear_refs (Linux ≥ 4.0) before the work.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Refused: the peak then counts from the process's start, a bound from above.
  }
}

/** VmHWM in MiB; 0 for a process that is gone. */
export function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
