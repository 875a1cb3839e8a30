/**
 * Builds the production artefact the way the Dockerfile does, without Docker, and proves it
 * serves. It reads the Dockerfile: the build stage's COPY and RUN lines are replayed in an empty
 * folder (COPY from the repository, honouring .dockerignore; RUN with `sh -c` there), then the
 * runtime stage's COPY lines assemble the runtime folder. From that folder it starts
 * `node dist/api/main.js` and `node dist/worker/main.js` on engines of its own and checks
 * `/readyz`, one funnel POST through the worker, the worker's `/healthz` and `/metrics`, the
 * console and the docs page with their assets. Any failure exits non-zero; every process it
 * started is stopped. What Docker does and this cannot (image, --chown, USER) is not checked.
 *
 *   npx tsx scripts/production-build-check.ts [--keep]   (--keep leaves the folder for a look)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDockerfile, type Stage } from './production-build/dockerfile';
import { dockerIgnore } from './production-build/docker-ignore';
import { freePort, startLocalEngines, type LocalEngines } from './local-engines';

const ROOT = path.resolve(__dirname, '..');
const BUILD_STAGE = 'build';

function log(message: string): void {
  process.stdout.write(`[production-build-check] ${message}\n`);
}

function fail(message: string): never {
  throw new Error(message);
}

/** The folder standing in for a stage's WORKDIR, for a path inside that stage's filesystem. */
function inStage(stage: Stage, folder: string, stagePath: string): string {
  const workdir = stage.workdir ?? fail(`stage ${stage.name}: no WORKDIR before its COPY/RUN`);
  const absolute = path.posix.resolve(workdir, stagePath);
  const relative = path.posix.relative(workdir, absolute);
  if (relative.startsWith('..')) fail(`stage ${stage.name}: ${stagePath} is outside ${workdir}`);
  return path.join(folder, relative);
}

/**
 * Docker's COPY: a folder's contents go into the destination; a file goes into it when it ends
 * in "/" or there are several sources, else becomes it.
 */
function copy(
  sources: string[],
  destination: string,
  intoFolder: boolean,
  ignored: (from: string) => boolean,
) {
  for (const source of sources) {
    if (!existsSync(source)) fail(`COPY: ${source} does not exist`);
    const isFile = statSync(source).isFile();
    const target =
      isFile && (intoFolder || sources.length > 1)
        ? path.join(destination, path.basename(source))
        : destination;
    cpSync(source, target, { recursive: true, filter: (from) => !ignored(from) });
  }
}

function runShell(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    log(`RUN ${command}`);
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`RUN ${command}: exit ${code ?? signal}`)),
    );
  });
}

/** Replays the build stage in `buildDir` and assembles the runtime stage in `runtimeDir`. */
async function buildArtefact(buildDir: string, runtimeDir: string): Promise<Stage> {
  const stages = parseDockerfile(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
  const build = stages.find((stage) => stage.name === BUILD_STAGE);
  const runtime = stages.at(-1);
  if (!build || !runtime || runtime === build)
    fail('the Dockerfile needs a build stage and one after it');
  const ignored = dockerIgnore(ROOT);
  const env = { ...process.env, ...build.env };
  for (const step of build.steps) {
    if (step.kind === 'run') {
      await runShell(step.command, buildDir, env);
    } else {
      if (step.from) fail(`build stage: COPY --from=${step.from} is not replayed by this check`);
      const sources = step.sources.map((source) => path.join(ROOT, source));
      const into = step.destination.endsWith('/');
      copy(sources, inStage(build, buildDir, step.destination), into, ignored);
      log(`COPY ${step.sources.join(' ')} ${step.destination}`);
    }
  }
  for (const step of runtime.steps) {
    if (step.kind === 'run')
      fail(`runtime stage: RUN is not replayed by this check (${step.command})`);
    const sources = step.from
      ? step.from === BUILD_STAGE
        ? step.sources.map((source) => inStage(build, buildDir, source))
        : fail(`runtime stage: COPY --from=${step.from} names no stage this check replays`)
      : step.sources.map((source) => path.join(ROOT, source));
    const into = step.destination.endsWith('/');
    copy(
      sources,
      inStage(runtime, runtimeDir, step.destination),
      into,
      step.from ? () => false : ignored,
    );
    log(
      `runtime: COPY ${step.from ? `--from=${step.from} ` : ''}${step.sources.join(' ')} ${step.destination}`,
    );
  }
  return runtime;
}

interface Service {
  name: string;
  child: ChildProcess;
  logFile: string;
}

function startService(
  name: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  logDir: string,
): Service {
  const logFile = path.join(logDir, `${name}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') log(`${name} exited with ${code ?? signal}`);
  });
  return { name, child, logFile };
}

function stopService(service: Service): Promise<void> {
  const { child } = service;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Polls `url` until it answers 200, or fails when `timeoutMs` passes or a service has died. */
async function waitFor200(url: string, services: Service[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const dead = services.find((service) => service.child.exitCode !== null);
    if (dead) fail(`${dead.name} exited with ${dead.child.exitCode} while waiting for ${url}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

async function expectAnswer(
  url: string,
  init: RequestInit & { json?: unknown },
  status: number,
  contentType: RegExp,
): Promise<string> {
  const { json, ...request } = init;
  const response = await fetch(url, {
    ...request,
    ...(json === undefined
      ? {}
      : {
          body: JSON.stringify(json),
          headers: { ...request.headers, 'content-type': 'application/json' },
        }),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== status || !contentType.test(type)) {
    fail(
      `${request.method ?? 'GET'} ${url}: expected ${status} ${contentType}, got ${response.status} ${type}: ${text.slice(0, 300)}`,
    );
  }
  log(`${request.method ?? 'GET'} ${new URL(url).pathname} -> ${response.status} ${type}`);
  return text;
}

function runCli(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/admin/main.js', ...args], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`cli ${args[0]} exited with ${code}: ${err}${out}`)),
    );
  });
}

/** The checks against a running API and worker built from the runtime folder. */
async function proveItServes(api: string, workerPort: number, token: string): Promise<void> {
  const auth = { authorization: `Bearer ${token}` };
  const json = /^application\/json/;
  await expectAnswer(`${api}/readyz`, {}, 200, json);
  await expectAnswer(`http://127.0.0.1:${workerPort}/healthz`, {}, 200, json);
  // The check's database is new: the content type is created (201).
  await expectAnswer(
    `${api}/api/v1/settings/content-types/products`,
    {
      method: 'PUT',
      headers: auth,
      json: {
        name: 'Products',
        kind: 'product',
        properties: [{ key: 'color', label: 'Color', type: 'text' }],
      },
    },
    201,
    json,
  );
  await expectAnswer(
    `${api}/api/v1/settings/funnels`,
    {
      method: 'POST',
      headers: auth,
      json: {
        contentType: 'products',
        name: 'ERP products',
        endpointUrl: 'erp-products',
        mappings: [
          { source: 'sku', target: { system: 'identifier' } },
          { source: 'title', target: { system: 'name' } },
          { source: 'attrs.color', target: { property: 'color' }, optional: true },
        ],
      },
    },
    201,
    json,
  );
  const posted = await expectAnswer(
    `${api}/api/v1/funnels/erp-products`,
    {
      method: 'POST',
      headers: auth,
      json: [{ sku: 'A-1', title: 'Shoe', attrs: { color: 'red' } }],
    },
    200,
    json,
  );
  const envelope = JSON.parse(posted) as unknown;
  const expected = { status: 'success', message: '1 item was imported' };
  if (JSON.stringify(envelope) !== JSON.stringify(expected)) {
    fail(`funnel POST: expected the envelope ${JSON.stringify(expected)}, got ${posted}`);
  }
  const metrics = await expectAnswer(
    `http://127.0.0.1:${workerPort}/metrics`,
    {},
    200,
    /^text\/plain/,
  );
  if (!metrics.includes('funnel_sync_worker_jobs_total{job="ingest",outcome="completed"} 1')) {
    fail("the worker's /metrics does not count the ingest job it ran");
  }

  const consolePage = await expectAnswer(`${api}/console/`, {}, 200, /^text\/html/);
  const consoleScript =
    /<script[^>]*src="([^"]+)"/.exec(consolePage)?.[1] ?? fail('/console/ names no script');
  const consoleStyle =
    /<link rel="stylesheet" href="([^"]+)"/.exec(consolePage)?.[1] ??
    fail('/console/ names no stylesheet');
  await expectAnswer(new URL(consoleScript, `${api}/console/`).href, {}, 200, /javascript/);
  await expectAnswer(new URL(consoleStyle, `${api}/console/`).href, {}, 200, /^text\/css/);

  const docsPage = await expectAnswer(`${api}/api/v1/docs`, {}, 200, /^text\/html/);
  const docsAssets = [...docsPage.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] ?? '',
  );
  if (docsAssets.length < 3)
    fail(`/api/v1/docs names ${docsAssets.length} scripts and stylesheets, expected 3`);
  for (const asset of docsAssets) {
    await expectAnswer(
      new URL(asset, `${api}/api/v1/docs`).href,
      {},
      200,
      asset.endsWith('.css') ? /^text\/css/ : /javascript/,
    );
  }
  await expectAnswer(`${api}/api/v1/openapi.json`, {}, 200, json);
}

async function main(): Promise<void> {
  const keep = process.argv.includes('--keep');
  const dir = mkdtempSync(path.join(tmpdir(), 'funnel-sync-production-'));
  const buildDir = path.join(dir, 'build');
  const runtimeDir = path.join(dir, 'runtime');
  const services: Service[] = [];
  let engines: LocalEngines | undefined;
  let failed = false;
  try {
    log(`folder ${dir}`);
    const runtime = await buildArtefact(buildDir, runtimeDir);
    engines = await startLocalEngines({ database: 'funnel-sync-production-check' });
    const apiPort = await freePort();
    const workerPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...runtime.env,
      REDIS_URL: engines.redisUrl,
      MONGO_URL: engines.mongoUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(apiPort),
      WORKER_METRICS_PORT: String(workerPort),
      LOG_LEVEL: 'info',
    };
    // The deploy's first step: the processes only check that the indexes are there.
    const indexes = await runCli(['indexes', 'create'], runtimeDir, env);
    log(`cli indexes create: ${indexes.trim().split('\n').at(-1)}`);
    const bootstrap = JSON.parse(
      await runCli(
        ['bootstrap', '--tenant', 'check', '--email', 'ops@check.test', '--json'],
        runtimeDir,
        env,
      ),
    ) as { token?: string };
    const token = bootstrap.token ?? fail('cli bootstrap printed no token');
    services.push(startService('api', ['dist/api/main.js'], runtimeDir, env, dir));
    services.push(startService('worker', ['dist/worker/main.js'], runtimeDir, env, dir));
    const api = `http://127.0.0.1:${apiPort}`;
    await waitFor200(`${api}/readyz`, services);
    await waitFor200(`http://127.0.0.1:${workerPort}/healthz`, services);
    await proveItServes(api, workerPort, token);
    log('the production artefact builds and serves');
  } catch (error) {
    failed = true;
    process.stderr.write(`[production-build-check] FAILED: ${(error as Error).message}\n`);
    for (const service of services) {
      const tail = existsSync(service.logFile)
        ? readFileSync(service.logFile, 'utf8').split('\n').slice(-15)
        : [];
      process.stderr.write(`--- ${service.name} (last lines)\n${tail.join('\n')}\n`);
    }
  } finally {
    await Promise.all(services.map(stopService));
    await engines?.stop();
    if (keep) log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

void main();
