/**
 * The system under test: one API process and N worker processes on the benchmark's engines,
 * configured for large batches (MAX_ITEMS 50,000) and for load (no rate limit in the way, a
 * long wait timeout). Workers can be replaced by another number of them between scenarios.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../scripts/local-engines';
import type { LaunchedProcess } from '../scripts/processes/launched-process';
import { startService, type Role } from '../scripts/processes/service';
import type { BenchEngines } from './engines';
import { rssKb } from './proc-stats';

export const MAX_ITEMS = 50_000;

export interface StackOptions {
  workers: number;
  /** WORKER_CONCURRENCY of each worker. */
  workerConcurrency: number;
  logLevel: string;
  /** When set, API and workers write V8 CPU profiles there when they exit. */
  profileDir?: string;
  /** When set, API and workers write their logs there (api.log, worker-1.log, ...). */
  logDir?: string;
  /**
   * The JavaScript that bench/build.ts compiled, run with node as production does; undefined to
   * run under tsx. Required, so that every stack the benchmark starts says which it runs.
   */
  buildDir: string | undefined;
}

export class Stack {
  readonly workers: LaunchedProcess[] = [];
  private started = 0;
  /** Variables the running workers got beyond the stack's own (CHUNK_SIZE in scenario 9). */
  private workerEnv: Record<string, string> = {};
  /** APIs started beside the stack's own with other variables (startApiVariant). */
  private readonly variantApis: LaunchedProcess[] = [];
  /** RSS in MiB of each process once ready, before any request: what the process weighs idle. */
  readonly startRssMb: { api: number; workers: number[] } = { api: 0, workers: [] };

  private constructor(
    readonly api: LaunchedProcess,
    readonly baseUrl: string,
    readonly jwtSecret: string,
    private readonly env: Record<string, string>,
    private readonly options: StackOptions,
  ) {}

  static async start(engines: BenchEngines, options: StackOptions): Promise<Stack> {
    const jwtSecret = randomBytes(32).toString('hex');
    const env = {
      REDIS_URL: engines.redisUrl,
      MONGO_URL: engines.mongoUrl,
      QUEUE_PREFIX: engines.queuePrefix,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: options.logLevel,
      MAX_ITEMS: String(MAX_ITEMS),
      // 50,000 items of the workload weigh about 10 MB; room to spare.
      MAX_BODY_BYTES: String(64 * 1024 * 1024),
      WAIT_TIMEOUT_MS: '600000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      WORKER_CONCURRENCY: String(options.workerConcurrency),
      // Several workers on one machine: they cannot all take the default metrics port.
      WORKER_METRICS_PORT: '0',
      // The export scenario's receiver listens on loopback.
      EXPORT_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
    };
    const port = String(await freePort());
    const api = await Stack.startProcess('api', 'api', { ...env, PORT: port }, options);
    const stack = new Stack(api, api.baseUrl, jwtSecret, env, options);
    stack.startRssMb.api = rssKb(api.pid) / 1024;
    try {
      await stack.setWorkers(options.workers);
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  /**
   * `npm run api` / `npm run worker` (tsx), or `node <build>/<role>/main.js` of a build; its logs
   * are read only until it is ready, so that parsing them costs no CPU beside what is measured.
   */
  private static startProcess(
    role: Role,
    name: string,
    env: Record<string, string>,
    options: StackOptions,
  ): Promise<LaunchedProcess> {
    return startService(role, {
      name,
      env,
      buildDir: options.buildDir,
      nodeArgs: Stack.nodeArgs(options),
      keepLines: 'until-ready',
      readyTimeoutMs: 30_000,
      ...Stack.logFile(options, name.replace(' ', '-')),
    });
  }

  private static nodeArgs(options: StackOptions): string[] {
    if (!options.profileDir) return [];
    mkdirSync(options.profileDir, { recursive: true });
    return ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`];
  }

  private static logFile(options: StackOptions, name: string): { logFile?: string } {
    if (!options.logDir) return {};
    mkdirSync(options.logDir, { recursive: true });
    return { logFile: path.join(options.logDir, `${name}.log`) };
  }

  /**
   * Starts or stops workers until `count` run, with `workerEnv` beside the stack's environment;
   * workers started with other variables are replaced.
   */
  async setWorkers(count: number, workerEnv: Record<string, string> = {}): Promise<void> {
    if (JSON.stringify(workerEnv) !== JSON.stringify(this.workerEnv)) {
      while (this.workers.length > 0) await this.workers.pop()?.stop();
      this.workerEnv = workerEnv;
    }
    while (this.workers.length > count) await this.workers.pop()?.stop();
    const starting: Promise<LaunchedProcess>[] = [];
    for (let i = this.workers.length; i < count; i++) {
      this.started += 1;
      starting.push(
        Stack.startProcess(
          'worker',
          `worker ${this.started}`,
          { ...this.env, ...this.workerEnv },
          this.options,
        ),
      );
    }
    const results = await Promise.allSettled(starting);
    for (const result of results) {
      if (result.status !== 'fulfilled') continue;
      this.workers.push(result.value);
      this.startRssMb.workers.push(rssKb(result.value.pid) / 1024);
    }
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * A second API on a port of its own, with `apiEnv` beside the stack's environment, sharing the
   * workers, queue and database: a variant measured beside the stack's API in the same run
   * without restarting it. Stopped by `stopApiVariant`, or with the stack.
   */
  async startApiVariant(name: string, apiEnv: Record<string, string>): Promise<LaunchedProcess> {
    const port = String(await freePort());
    const env = { ...this.env, ...apiEnv, PORT: port };
    const api = await Stack.startProcess('api', name, env, this.options);
    this.variantApis.push(api);
    return api;
  }

  async stopApiVariant(api: LaunchedProcess): Promise<void> {
    const index = this.variantApis.indexOf(api);
    if (index >= 0) this.variantApis.splice(index, 1);
    await api.stop();
  }

  /** The pids of the processes whose CPU counts as ours. */
  get pids(): { api: number; workers: number[] } {
    return { api: this.api.pid, workers: this.workers.map((worker) => worker.pid) };
  }

  async stop(): Promise<void> {
    await Promise.all([
      ...this.workers.splice(0).map((worker) => worker.stop()),
      ...this.variantApis.splice(0).map((api) => api.stop()),
      this.api.stop(),
    ]);
  }
}
