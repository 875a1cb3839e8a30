/**
 * `--compiled`: compiles api/, worker/ and core/ with tsconfig.build.json, as `npm run build`
 * does for production (`node dist/api/main.js`), but into bench/results/build/ so that the
 * benchmark leaves dist/ alone. Running under tsx costs memory (its loader and compile cache,
 * about 35-40 MB of RSS per process here) that production does not pay.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './node-process';
import { RESULTS_DIR } from './report';

export function buildCompiled(): string {
  const outDir = path.join(RESULTS_DIR, 'build');
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.build.json',
      '--outDir',
      outDir,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return outDir;
}
