/**
 * The API and the worker as processes: `npm run api` / `npm run worker` under tsx, or the
 * JavaScript tsc compiled (`node <buildDir>/<role>/main.js`), as production runs them. The API is
 * ready once it logs "api listening" and /readyz answers 200; a worker once it logs
 * "worker ready", written after it has connected and its BullMQ worker is waiting for jobs.
 */
import path from 'node:path';
import { freePort } from '../engines/engine-process';
import { LaunchedProcess, type LaunchOptions } from './launched-process';

export type Role = 'api' | 'worker';

const READY_MESSAGE: Record<Role, string> = {
  api: 'api listening',
  worker: 'worker ready',
};

export interface ServiceOptions extends Partial<
  Pick<LaunchOptions, 'name' | 'nodeArgs' | 'readyTimeoutMs' | 'keepLines' | 'logFile' | 'forward'>
> {
  /** The process's environment (PATH and HOME are added). For the API, PORT, when set, wins. */
  env: Record<string, string | undefined>;
  /** Where tsc put the compiled tree; undefined to run the TypeScript under tsx. */
  buildDir?: string;
  /** False: return as soon as it is spawned (a test of a process that must fail to start). */
  waitReady?: boolean;
}

/** An API or worker process, started and ready; `baseUrl` is the API's ('' for a worker). */
export async function startService(role: Role, options: ServiceOptions): Promise<LaunchedProcess> {
  const port = role === 'api' ? (options.env.PORT ?? String(await freePort())) : undefined;
  const baseUrl = port ? `http://127.0.0.1:${port}` : '';
  const waitReady = options.waitReady ?? true;
  return LaunchedProcess.launch({
    name: options.name ?? role,
    baseUrl,
    ...entryOf(role, options.buildDir),
    env: { ...options.env, ...(port ? { PORT: port } : {}) },
    nodeArgs: options.nodeArgs,
    readyMessage: waitReady ? READY_MESSAGE[role] : undefined,
    readyUrl: waitReady && port ? `${baseUrl}/readyz` : undefined,
    readyTimeoutMs: options.readyTimeoutMs,
    keepLines: options.keepLines,
    logFile: options.logFile,
    forward: options.forward,
  });
}

function entryOf(role: Role, buildDir: string | undefined): { entry: string; tsx: boolean } {
  return buildDir
    ? { entry: path.join(buildDir, role, 'main.js'), tsx: false }
    : { entry: `${role}/main.ts`, tsx: true };
}
