/**
 * Whether a run still describes the code: the last commit that changed the service's code (core/,
 * api/, worker/, the console's routes, the admin and sender command lines) must be the measured
 * commit or one before it. The console's browser files are left out: the bench never loads them. Read-only git commands.
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from '../paths';

const CODE = [
  'core',
  'api',
  'worker',
  'console',
  'admin',
  'packages/sender/src',
  ':(exclude)console/public',
];

export interface Freshness {
  current: boolean;
  /** The last commit that changed the code, and its date. */
  lastChange: { commit: string; date: string };
}

function git(args: string[]): { ok: boolean; out: string } {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return { ok: result.status === 0, out: result.stdout.trim() };
}

export function freshness(measured: string): Freshness {
  const [commit = '', date = ''] = git(['log', '-1', '--format=%H %cI', '--', ...CODE]).out.split(
    ' ',
  );
  // Current when the last change to the code is the measured commit or one of its ancestors.
  const current = git(['merge-base', '--is-ancestor', commit, measured]).ok;
  return { current, lastChange: { commit, date } };
}
