/**
 * A command run as its own process tree (npx, tsx and the node that runs the code each are one):
 * its wall time from spawn to exit, its stdout, and the largest peak RSS of any process in the
 * tree. VmHWM is polled while the tree lives, since a process's /proc entry goes with it; the
 * wrappers are separate processes, so the largest is the one doing the work.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { peakRssMb } from './peak-rss';

const POLL_MS = 50;

export interface TreeRun {
  exitCode: number;
  wallMs: number;
  peakRssMb: number;
  stdout: string;
  stderr: string;
}

/** `pid` and every process descended from it, from /proc/<pid>/task/<tid>/children. */
function treeOf(pid: number): number[] {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    const parent = found[i] ?? 0;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8');
        found.push(...children.split(' ').filter(Boolean).map(Number));
      } catch {
        // The task ended between the listing and the read.
      }
    }
  }
  return found;
}

export function runTree(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<TreeRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env });
    const peaks = new Map<number, number>();
    const poll = () => {
      if (child.pid === undefined) return;
      for (const pid of treeOf(child.pid)) {
        peaks.set(pid, Math.max(peaks.get(pid) ?? 0, peakRssMb(pid)));
      }
    };
    const timer = setInterval(poll, POLL_MS);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      clearInterval(timer);
      const peak = Math.max(0, ...peaks.values());
      resolve({ exitCode: code ?? -1, wallMs, peakRssMb: peak, stdout, stderr });
    });
  });
}
