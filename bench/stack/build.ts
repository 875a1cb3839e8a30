/**
 * API and workers run as production runs them: compiled by tsc with tsconfig.build.json, as
 * `npm run build` does (the Dockerfile's `node dist/api/main.js`), but into bench/results/build/
 * so that the benchmark leaves dist/ alone.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { RESULTS_DIR, ROOT } from '../paths';

/** tsc's exit status when it found type errors and still wrote every file. */
const EMITTED_WITH_ERRORS = 2;

export function buildCompiled(log: (message: string) => void): string {
  const outDir = path.join(RESULTS_DIR, 'build');
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const args = [tsc, '-p', 'tsconfig.build.json', '--outDir', outDir];
  const { status, stdout } = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  // Type errors in a file being edited need not stop a run: the record names uncommitted files.
  if (status === EMITTED_WITH_ERRORS) log(`tsc found type errors, built anyway:\n${stdout}`);
  else if (status !== 0) throw new Error(`tsc failed (${status}):\n${stdout}`);
  return outDir;
}
