/** Where the benchmark reads and writes: the repository, its results, the build it runs. */
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

/** Every run's JSON file (committed: the history of the figures), its logs and the build. */
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
