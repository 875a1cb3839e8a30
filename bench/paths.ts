/** Where the benchmark reads and writes: the repository, its results and its compiled build. */
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

/** Every run's JSON file, the profiles and the build; not committed but for the JSON files. */
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

/** The compiled tree of bench/build.ts: the source tree's layout, in JavaScript. */
export const BUILD_DIR = path.join(RESULTS_DIR, 'build');
