/**
 * Real API and worker processes for end-to-end tests, started the way `npm run api` and
 * `npm run worker` run, with every log line kept for assertions (scripts/processes/).
 */
import type { LaunchedProcess } from '../../scripts/processes/launched-process';
import { startService, type Role } from '../../scripts/processes/service';

export type { LogLine } from '../../scripts/processes/launched-process';
export type RunningProcess = LaunchedProcess;

/** An API (on a free port unless `env.PORT` is set) or a worker, with `env` beside PATH and HOME. */
export function startProcess(
  role: Role,
  env: Record<string, string>,
  options: { waitReady?: boolean } = {},
): Promise<RunningProcess> {
  // Several workers run at once here: none takes the fixed metrics port unless a test asks.
  const withPort = role === 'worker' ? { WORKER_METRICS_PORT: '0', ...env } : env;
  return startService(role, {
    env: withPort,
    waitReady: options.waitReady,
    readyTimeoutMs: 30_000,
  });
}
