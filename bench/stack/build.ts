/**
 * API and workers run as production runs them: compiled by tsc with tsconfig.build.json, as
 * `npm run build` does (the Dockerfile's `node dist/api/main.js`), but into bench/results/build/
 * so that the benchmark leaves dist/ alone. The sender's package is compiled beside them, into
 * sender/, as its `npm pack` compiles it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { RESULTS_DIR, ROOT } from '../paths';

/** tsc's exit status when it found type errors and still wrote every file. */
const EMITTED_WITH_ERRORS = 2;

function compile(project: string, outDir: string, log: (message: string) => void): void {
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const args = [tsc, '-p', project, '--outDir', outDir];
  const { status, stdout } = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  // Type errors in a file being edited need not stop a run: the record names uncommitted files.
  if (status === EMITTED_WITH_ERRORS) log(`tsc found type errors, built anyway:\n${stdout}`);
  else if (status !== 0) throw new Error(`tsc failed (${status}):\n${stdout}`);
}

export function buildCompiled(log: (message: string) => void): string {
  const outDir = path.join(RESULTS_DIR, 'build');
  compile('tsconfig.build.json', outDir, log);
  compile('packages/sender/tsconfig.json', path.join(outDir, 'sender'), log);
  return outDir;
}
