/**
 * The system under test, started once by `npm run bench`: Redis and the database (engines.ts),
 * one API and N workers compiled by tsc and started with node as production runs them
 * (build.ts), the benchmark's tenant and funnel (target.ts), and the benchmark's own connection to
 * the store and queue (store.ts). Their logs go to `logDir`.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { LaunchedProcess } from '../../scripts/processes/launched-process';
import { startService, type Role } from '../../scripts/processes/service';
import { buildCompiled } from './build';
import { startEngines, type EngineVersion, type Engines } from './engines';
import { openStore, type Store } from './store';
import { createTarget, type Target } from './target';

const BENCH_TENANT = 'bench';

export interface StackOptions {
  workers: number;
  logDir: string;
  log: (message: string) => void;
  /** Node's options for the API and the workers (`--cpu-prof` when profiling). */
  nodeArgs?: string[];
}

/** A second stack beside the first (the cluster scenario's): on other engines, with its build. */
export interface StackOnOptions extends StackOptions {
  buildDir: string;
  /** Variables that replace or add to the stack's own (REDIS_CLUSTER_NODES, QUEUE_SHARDS). */
  env?: Record<string, string>;
}

export class Stack {
  readonly workers: LaunchedProcess[] = [];
  private started = 0;

  private constructor(
    private readonly engines: Engines,
    readonly store: Store,
    private readonly env: Record<string, string>,
    private readonly jwtSecret: string,
    readonly buildDir: string,
    readonly logDir: string,
    private readonly nodeArgs: string[],
    private api: LaunchedProcess,
  ) {}

  /** The benchmark's tenant and funnel, made once the workers run (a worker writes its priming). */
  target!: Target;

  static async start(options: StackOptions): Promise<Stack> {
    options.log('compiling api/, worker/ and core/ with tsc');
    const buildDir = buildCompiled(options.log);
    options.log('starting the engines');
    return Stack.startOn(await startEngines(), { ...options, buildDir });
  }

  /** The stack on `engines`, which it stops with itself, also when it fails to start. */
  static async startOn(engines: Engines, options: StackOnOptions): Promise<Stack> {
    const { buildDir } = options;
    let store: Store | undefined;
    let api: LaunchedProcess | undefined;
    let stack: Stack | undefined;
    try {
      store = await openStore(engines);
      const jwtSecret = randomBytes(32).toString('hex');
      const env = {
        REDIS_URL: engines.redisUrl,
        MONGO_URL: engines.mongoUrl,
        QUEUE_PREFIX: engines.queuePrefix,
        JWT_SECRET: jwtSecret,
        // The growth scenario's 50,000 items weigh about 10 MB.
        MAX_ITEMS: '50000',
        MAX_BODY_BYTES: String(64 * 1024 * 1024),
        // A request queued behind a neighbour's backlog still gets its answer, however late.
        WAIT_TIMEOUT_MS: '600000',
        // Single items at 32 in flight are far above a tenant's default rate.
        RATE_LIMIT_PER_MINUTE: '1000000',
        // Several workers on one machine cannot all take the default metrics port.
        WORKER_METRICS_PORT: '0',
        // The export scenario's receiver listens on loopback.
        EXPORT_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
        ...openTelemetryEnv(),
        ...options.env,
      };
      mkdirSync(options.logDir, { recursive: true });
      options.log(`${engines.version.name} ${engines.version.version}; starting the API`);
      const nodeArgs = options.nodeArgs ?? [];
      api = await launch('api', 'api', env, { buildDir, logDir: options.logDir, nodeArgs });
      stack = new Stack(engines, store, env, jwtSecret, buildDir, options.logDir, nodeArgs, api);
      options.log(`starting ${options.workers} worker(s)`);
      await stack.setWorkers(options.workers);
      stack.target = await stack.addTenant(BENCH_TENANT);
      return stack;
    } catch (error) {
      await Promise.all(stack?.workers.map((worker) => worker.stop()) ?? []);
      await api?.stop();
      await store?.close();
      await engines.stop();
      throw error;
    }
  }

  get engine(): EngineVersion {
    return this.engines.version;
  }

  get mongoUrl(): string {
    return this.engines.mongoUrl;
  }

  /** The processes whose CPU is the product's: the API and every worker. */
  ourPids(): number[] {
    return [this.api.pid, ...this.workers.map((worker) => worker.pid)];
  }

  /** Starts or stops workers until `count` run. */
  async setWorkers(count: number): Promise<void> {
    while (this.workers.length > count) await this.workers.pop()?.stop();
    await this.addWorkers(count, this.env, this.nodeArgs);
  }

  private async addWorkers(count: number, env: Record<string, string>, nodeArgs: string[]) {
    while (this.workers.length < count) {
      const name = `worker-${++this.started}`;
      this.workers.push(await launch('worker', name, env, this.launching(nodeArgs)));
    }
  }

  /** Another tenant with the same content type and funnel (the noisy neighbour). */
  async addTenant(tenant: string): Promise<Target> {
    const token = await this.store.bootstrap(tenant, this.jwtSecret);
    return createTarget(this.api.baseUrl, tenant, token);
  }

  /**
   * Runs `work` with the API restarted on its port with `env` over the stack's own, then as it
   * was: a setting every other scenario needs (MAX_ITEMS) put back to its default for one.
   */
  async withApiEnv<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
    const { port } = new URL(this.api.baseUrl);
    await this.restartApi({ ...this.env, ...env, PORT: port });
    try {
      return await work();
    } finally {
      await this.restartApi({ ...this.env, PORT: port });
    }
  }

  private async restartApi(env: Record<string, string>, nodeArgs = this.nodeArgs): Promise<void> {
    await this.api.stop();
    this.api = await launch('api', `api-${++this.started}`, env, this.launching(nodeArgs));
  }

  /**
   * Runs `work` with the API and every worker restarted with `nodeArgs` added to their node
   * options and `env` over the stack's own, then restarts them as they were.
   */
  async withProcesses<T>(
    options: { nodeArgs: string[]; env: Record<string, string> },
    work: () => Promise<T>,
  ): Promise<T> {
    const { port } = new URL(this.api.baseUrl);
    const workers = this.workers.length;
    const restart = async (nodeArgs: string[], env: Record<string, string>) => {
      await this.setWorkers(0);
      await this.restartApi({ ...env, PORT: port }, nodeArgs);
      await this.addWorkers(workers, env, nodeArgs);
    };
    await restart([...this.nodeArgs, ...options.nodeArgs], { ...this.env, ...options.env });
    try {
      return await work();
    } finally {
      await restart(this.nodeArgs, this.env);
    }
  }

  private launching(nodeArgs: string[]): Launching {
    return { buildDir: this.buildDir, logDir: this.logDir, nodeArgs };
  }

  resetStore(): Promise<void> {
    return this.store.reset();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.workers.splice(0).map((worker) => worker.stop()), this.api.stop()]);
    await this.store.close();
    await this.engines.stop();
  }
}

interface Launching {
  buildDir: string;
  logDir: string;
  nodeArgs: string[];
}

/** `node <build>/<role>/main.js`; its logs are read only until it is ready, then go to a file. */
function launch(
  role: Role,
  name: string,
  env: Record<string, string>,
  { buildDir, logDir, nodeArgs }: Launching,
): Promise<LaunchedProcess> {
  return startService(role, {
    name,
    env,
    buildDir,
    nodeArgs,
    keepLines: 'until-ready',
    readyTimeoutMs: 30_000,
    logFile: path.join(logDir, `${name}.log`),
  });
}

/** The bench's own OTEL_* variables, passed on: set, the stack runs with tracing on. */
function openTelemetryEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).flatMap(([name, value]) =>
      name.startsWith('OTEL_') && value !== undefined ? [[name, value]] : [],
    ),
  );
}
