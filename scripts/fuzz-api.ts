/**
 * `npm run fuzz`: Schemathesis against a real API and worker on local engines. It starts
 * redis-server and DocumentDB in temporary directories, an API and a worker, bootstraps a tenant
 * whose token the fuzzer sends, seeds what the operations work on (scripts/fuzz/seed.ts), runs
 * every operation of /api/v1/openapi.json within a time budget with every check Schemathesis has
 * (a 5xx, an answer the document does not describe, a request valid by the document refused...;
 * scripts/fuzz/schemathesis.toml says where one is tuned and why), and stops everything. Exits
 * with Schemathesis' code. Schemathesis is installed from PyPI into .engines/schemathesis (a
 * Python venv) when missing.
 * FUZZ_MAX_TIME (seconds, default 180) and FUZZ_MAX_EXAMPLES (default 50) bound the run; each run
 * writes its JSON report into FUZZ_REPORT_DIR (default .engines/fuzz-report), which
 * scripts/ci/fuzz-summary.ts reads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startLocalEngines } from './local-engines';
import { ruleRefusalConfig } from './fuzz/rule-refusals';
import { seed } from './fuzz/seed';
import type { LaunchedProcess } from './processes/launched-process';
import { startService } from './processes/service';
import { createServiceIndexes } from './processes/service-indexes';

const ROOT = path.resolve(__dirname, '..');
const SCHEMATHESIS_VERSION = '4.32.5';
const VENV = path.join(ROOT, '.engines', 'schemathesis');
const SCHEMATHESIS = path.join(VENV, 'bin', 'schemathesis');
const CONFIG = path.join(ROOT, 'scripts', 'fuzz', 'schemathesis.toml');
const MAX_TIME = Number(process.env.FUZZ_MAX_TIME ?? '180');
const MAX_EXAMPLES = process.env.FUZZ_MAX_EXAMPLES ?? '50';
const REPORT_DIR = path.resolve(
  process.env.FUZZ_REPORT_DIR ?? path.join(ROOT, '.engines', 'fuzz-report'),
);
/**
 * Operations that can take the fuzzer's own access away (its token revoked, its user removed or
 * made powerless) or the seeded funnel: run last, on their own, so that they do not turn the
 * rest of the run into 401s and 404s.
 */
const DESTRUCTIVE = [
  'DELETE /api/v1/settings/tokens/{id}',
  'DELETE /api/v1/settings/users/{id}',
  'PATCH /api/v1/settings/users/{id}',
  'DELETE /api/v1/settings/funnels/{endpointUrl}',
  'DELETE /api/v1/settings/exports/{id}',
];
/** The share of the time budget the destructive operations get. */
const DESTRUCTIVE_SHARE = 0.15;

function installSchemathesis(): void {
  if (existsSync(SCHEMATHESIS)) return;
  const steps = [
    ['python3', ['-m', 'venv', VENV]],
    [path.join(VENV, 'bin', 'pip'), ['install', '-q', `schemathesis==${SCHEMATHESIS_VERSION}`]],
  ] as const;
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  }
}

interface FuzzTarget {
  baseUrl: string;
  token: string;
  exportId: string;
  /** The configuration file: CONFIG, and what the document says a valid request may get. */
  config: string;
}

/** CONFIG with the answers the API's document marks as refusals of well-formed requests. */
async function configFor(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/v1/openapi.json: ${response.status}`);
  const generated = ruleRefusalConfig(
    (await response.json()) as Parameters<typeof ruleRefusalConfig>[0],
  );
  // Beside the reports, so that a run can be read again with the configuration it had.
  const file = path.join(REPORT_DIR, 'schemathesis.toml');
  writeFileSync(file, `${readFileSync(CONFIG, 'utf8')}\n${generated}\n`);
  return file;
}

function fuzz(target: FuzzTarget, seconds: number, only: 'safe' | 'destructive') {
  const { baseUrl, token, config } = target;
  const selection = DESTRUCTIVE.flatMap((name) => [
    only === 'safe' ? '--exclude-name' : '--include-name',
    name,
  ]);
  const args = [
    '--config-file',
    config,
    'run',
    `${baseUrl}/api/v1/openapi.json`,
    '--url',
    baseUrl,
    '-H',
    `Authorization: Bearer ${token}`,
    // Not the coverage phase: under the CPython 3.11 of these machines it stops with an internal
    // error (ast.parse: "AST constructor recursion depth mismatch") before it sends a request.
    // Under 3.12 it runs, but sends the invalid value it made for an optional header (such as
    // `If-None-Match: 0`, which the header's pattern refuses) in a case it counts as valid.
    '--phases',
    'examples,fuzzing,stateful',
    '--max-time',
    String(Math.round(seconds)),
    '--max-examples',
    MAX_EXAMPLES,
    '--workers',
    '2',
    '--request-timeout',
    '30',
    '--seed',
    process.env.FUZZ_SEED ?? '1',
    '--report',
    'json',
    '--report-json-path',
    path.join(REPORT_DIR, `${only}.json`),
    ...selection,
  ];
  console.log(`\n=== schemathesis: ${only} operations, at most ${Math.round(seconds)} s`);
  const env = { ...process.env, FUZZ_EXPORT_ID: target.exportId };
  const child = spawn(SCHEMATHESIS, args, { stdio: 'inherit', env });
  return new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

async function main(): Promise<number> {
  installSchemathesis();
  rmSync(REPORT_DIR, { recursive: true, force: true });
  mkdirSync(REPORT_DIR, { recursive: true });
  const engines = await startLocalEngines({ database: 'funnel-sync-fuzz' });
  const processes: LaunchedProcess[] = [];
  try {
    const secret = randomBytes(32).toString('hex');
    const env = {
      ...process.env,
      REDIS_URL: engines.redisUrl,
      MONGO_URL: engines.mongoUrl,
      JWT_SECRET: secret,
      WORKER_METRICS_PORT: '0',
      // The fuzzer's own requests must not all end in 429.
      RATE_LIMIT_PER_MINUTE: '1000000',
      WAIT_TIMEOUT_MS: '20000',
      // The seeded export delivers to a loopback port where nothing listens.
      EXPORT_ALLOWED_NETWORKS: '127.0.0.0/8',
    };
    // Their log lines are read until they are ready, then drained: the fuzzer's report is the output.
    await createServiceIndexes(engines.mongoUrl);
    const start = (role: 'api' | 'worker') => startService(role, { env, keepLines: 'until-ready' });
    const api = await start('api');
    processes.push(api, await start('worker'));
    const { baseUrl } = api;
    const exportUrl = `http://127.0.0.1:${await freePort()}/fuzz`;
    const target = {
      baseUrl,
      config: await configFor(baseUrl),
      ...(await seed(baseUrl, engines.mongoUrl, secret, exportUrl)),
    };
    const safe = await fuzz(target, MAX_TIME * (1 - DESTRUCTIVE_SHARE), 'safe');
    const destructive = await fuzz(target, MAX_TIME * DESTRUCTIVE_SHARE, 'destructive');
    console.log(`\nReports: ${REPORT_DIR}`);
    return safe === 0 ? destructive : safe;
  } finally {
    await Promise.all(processes.map((launched) => launched.stop()));
    await engines.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
