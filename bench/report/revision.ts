/**
 * Which code a run measured: the commit, and whether the working tree differed from it (others
 * may edit the tree while the benchmark runs). Read-only git commands.
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from '../paths';

export interface Revision {
  commit: string;
  /** Files changed or added beside the commit, bench/ left out. */
  uncommitted: string[];
}

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  // Only the end: a status line starts with a space where the index is unchanged.
  return result.status === 0 ? result.stdout.trimEnd() : '';
}

export function revision(): Revision {
  const changed = git(['status', '--porcelain', '--untracked-files=normal'])
    .split('\n')
    .map((line) => line.slice(3).trim())
    .filter((file) => file && !file.startsWith('bench/'));
  return { commit: git(['rev-parse', 'HEAD']) || 'unknown', uncommitted: changed };
}
