/**
 * Pausing a process (SIGSTOP) to look at what it is doing, the way a debugger stops one: while
 * paused it runs no code, so what the test reads of it (its log, the locks it holds) cannot change
 * under the test's feet. Linux only: the stopped state is read from /proc.
 */
import { readFile } from 'node:fs/promises';
import type { RunningProcess } from '../../support/processes';
import { waitUntil } from '../../support/wait-until';

/** The process state letter of /proc/<pid>/stat: 'T' once a SIGSTOP has taken effect. */
async function processState(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name, in parentheses, may hold spaces: the state follows its closing one.
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

/** Gives the event loop a turn to read what the stopped process wrote before it stopped. */
function readPendingOutput(): Promise<void> {
  // A turn of the event loop reads every pipe that has data waiting. The logger writes its lines
  // whole and in order, each as soon as the one before is out.
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** Stops `process` and resolves once it is stopped and every log line it wrote has been read. */
export async function pause(process: RunningProcess): Promise<void> {
  globalThis.process.kill(process.pid, 'SIGSTOP');
  await waitUntil(
    () => processState(process.pid),
    (state) => state === 'T',
    { what: `${process.name} to stop`, timeoutMs: 10_000, everyMs: 1 },
  );
  await readPendingOutput();
}

/** Lets a paused process run on. */
export function resume(process: RunningProcess): void {
  globalThis.process.kill(process.pid, 'SIGCONT');
}
