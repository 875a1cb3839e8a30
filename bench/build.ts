/**
 * The default way API and workers run (all but `--tsx`): compiled from api/, worker/ and core/
 * with tsconfig.build.json, as `npm run build` does for production (`node dist/api/main.js`), but
 * into bench/results/build/ so that the benchmark leaves dist/ alone. Running under tsx costs
 * memory (its loader and compile cache, about 35-40 MB of RSS per process here) and some CPU that
 * production does not pay.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { BUILD_DIR, ROOT } from './paths';

export function buildCompiled(): string {
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.build.json',
      '--outDir',
      BUILD_DIR,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return BUILD_DIR;
}
