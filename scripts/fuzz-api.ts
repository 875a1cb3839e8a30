/**
 * `npm run fuzz`: Schemathesis against a real API and worker on local engines. It starts
 * redis-server and FerretDB in a temporary directory, an API and a worker, bootstraps a tenant
 * whose token the fuzzer sends, creates a content type and a funnel (so the funnel paths have
 * something real behind them), runs every operation of /api/v1/openapi.json within a time
 * budget with one check, no answer 5xx, and stops everything. Exits with Schemathesis' code.
 * Schemathesis is installed from PyPI into .engines/schemathesis (a Python venv) when missing.
 * FUZZ_MAX_TIME (seconds, default 180) and FUZZ_MAX_EXAMPLES (default 50) bound the run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { bootstrapTenant } from '../core/auth/bootstrap';
import { collections } from '../core/store/collections';
import { connectMongo } from '../core/mongo/connection';
import { startLocalEngines } from './local-engines';
import type { LaunchedProcess } from './processes/launched-process';
import { startService } from './processes/service';

const ROOT = path.resolve(__dirname, '..');
const SCHEMATHESIS_VERSION = '4.32.5';
const VENV = path.join(ROOT, '.engines', 'schemathesis');
const SCHEMATHESIS = path.join(VENV, 'bin', 'schemathesis');
const CONFIG = path.join(ROOT, 'scripts', 'fuzz', 'schemathesis.toml');
const MAX_TIME = Number(process.env.FUZZ_MAX_TIME ?? '180');
const MAX_EXAMPLES = process.env.FUZZ_MAX_EXAMPLES ?? '50';
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

async function seed(baseUrl: string, mongoUrl: string, secret: string): Promise<string> {
  const mongo = await connectMongo(mongoUrl, 'funnel-sync-fuzz');
  const { token } = await bootstrapTenant(collections(mongo), secret, {
    tenant: 'fuzz',
    email: 'fuzz@funnel-sync.local',
  }).finally(() => mongo.close());
  const call = async (method: string, url: string, body: unknown) => {
    const response = await fetch(`${baseUrl}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  };
  await call('PUT', '/settings/content-types/products', {
    name: 'Products',
    kind: 'product',
    properties: [{ key: 'color', label: 'Color', type: 'text' }],
  });
  await call('POST', '/settings/funnels', {
    contentType: 'products',
    name: 'ERP products',
    endpointUrl: 'erp-products',
    requestData: { sku: 'A-1', title: 'Shoe', attrs: { color: 'red' } },
    mappings: [
      { source: 'sku', target: { system: 'identifier' } },
      { source: 'title', target: { system: 'name' } },
      { source: 'attrs.color', target: { property: 'color' }, optional: true },
    ],
  });
  return token;
}

function fuzz(baseUrl: string, token: string, seconds: number, only: 'safe' | 'destructive') {
  const selection = DESTRUCTIVE.flatMap((name) => [
    only === 'safe' ? '--exclude-name' : '--include-name',
    name,
  ]);
  const args = [
    '--config-file',
    CONFIG,
    'run',
    `${baseUrl}/api/v1/openapi.json`,
    '--url',
    baseUrl,
    '-H',
    `Authorization: Bearer ${token}`,
    '--checks',
    'not_a_server_error',
    // Not the coverage phase: under the CPython 3.11 of these machines it stops with an internal
    // error (ast.parse: "AST constructor recursion depth mismatch") before it sends a request.
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
    ...selection,
  ];
  console.log(`\n=== schemathesis: ${only} operations, at most ${Math.round(seconds)} s`);
  const child = spawn(SCHEMATHESIS, args, { stdio: 'inherit' });
  return new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

async function main(): Promise<number> {
  installSchemathesis();
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
    };
    // Their log lines are read until they are ready, then drained: the fuzzer's report is the output.
    const start = (role: 'api' | 'worker') => startService(role, { env, keepLines: 'until-ready' });
    const api = await start('api');
    processes.push(api, await start('worker'));
    const { baseUrl } = api;
    const token = await seed(baseUrl, engines.mongoUrl, secret);
    const safe = await fuzz(baseUrl, token, MAX_TIME * (1 - DESTRUCTIVE_SHARE), 'safe');
    const destructive = await fuzz(baseUrl, token, MAX_TIME * DESTRUCTIVE_SHARE, 'destructive');
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
