/**
 * Real API and worker processes for end-to-end tests, started the way `npm run api` and
 * `npm run worker` run, with every log line kept for assertions (scripts/processes/).
 */
import type { LaunchedProcess } from '../../scripts/processes/launched-process';
import { startService, type Role } from '../../scripts/processes/service';
import { createServiceIndexes } from '../../scripts/processes/service-indexes';

export type { LogLine } from '../../scripts/processes/launched-process';
export type RunningProcess = LaunchedProcess;

interface StartOptions {
  /** False: return as soon as it is spawned (a process a test expects to refuse to start). */
  waitReady?: boolean;
  /**
   * Make the service's indexes first, as a deploy does: by default for a process expected to
   * start, not for one expected to refuse.
   */
  indexes?: boolean;
}

/** An API (on a free port unless `env.PORT` is set) or a worker, with `env` beside PATH and HOME. */
export async function startProcess(
  role: Role,
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<RunningProcess> {
  if ((options.indexes ?? options.waitReady !== false) && env.MONGO_URL)
    await createServiceIndexes(env.MONGO_URL);
  // Several workers run at once here: none takes the fixed metrics port unless a test asks.
  const withPort = role === 'worker' ? { WORKER_METRICS_PORT: '0', ...env } : env;
  return startService(role, {
    env: withPort,
    waitReady: options.waitReady,
    readyTimeoutMs: 30_000,
  });
}
