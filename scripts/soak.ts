/**
 * `npm run soak`: mixed traffic for SOAK_SECONDS (default 300) against one API process and two
 * worker processes, while it SIGKILLs and restarts a worker twice and restarts Redis once. At the
 * end it compares the items in MongoDB with the state computed from the answers it got, prints what
 * it sent, what was written, the answers by status code and the comparison, and exits 1 on any
 * difference.
 *
 * Traffic: 4 clients, each sequential and each on identifiers of its own, so that the expected
 * state follows from each client's answers in order. A 200 POST sets its items (with partial
 * validation, those in `successIds`); a 200 DELETE removes every identifier it named; 4xx answers
 * change nothing. An uncertain answer (5xx, 504, 429, no answer) is sent again with the same
 * Idempotency-Key and body until it is answered; one still unanswered after UNCERTAIN_LIMIT_MS is
 * given up, and its identifiers are left out of the comparison (and counted).
 *
 * Engines: a redis-server and a DocumentDB of its own, in temporary directories, on loopback; or
 * REDIS_URL / MONGO_URL (with REDIS_URL set it cannot restart Redis, and says so). Every loop is
 * bounded and the run stops by itself.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { bootstrapTenant } from '../core/auth/bootstrap';
import { collections } from '../core/storage/collections';
import { connectMongo } from '../core/mongo/connection';
import { FUNNEL_QUEUE } from '../core/queue/queue-names';
import { KeySpace } from '../core/redis/key-space';
import { freePort, startLocalMongo, startRedis, type RunningEngine } from './local-engines';
import type { LaunchedProcess } from './processes/launched-process';
import { startService, type Role } from './processes/service';
import { createServiceIndexes } from './processes/service-indexes';
import { sleep } from './processes/wait-until';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CLIENTS = 4;
/** Identifiers per client: small enough that updates dominate, as in a real sync. */
const POOL = 250;
const WAIT_TIMEOUT_MS = 20_000;
const JOB_LOCK_MS = 5_000;
/** How long an uncertain answer is asked again before it is given up. */
const UNCERTAIN_LIMIT_MS = 120_000;
const JWT_SECRET = `soak-${randomUUID()}-secret-of-enough-bytes`;

// ---------------------------------------------------------------------------------------------
// Processes

/** An API or worker process, its output appended to `<logDir>/<name>.log`, once ready. */
function startProcess(
  name: string,
  role: Role,
  env: Record<string, string>,
  logDir: string,
): Promise<LaunchedProcess> {
  return startService(role, {
    name,
    env,
    keepLines: 'until-ready',
    logFile: path.join(logDir, `${name}.log`),
  });
}

// ---------------------------------------------------------------------------------------------
// What the clients send and what they expect

interface ItemBody {
  sku: string;
  title?: unknown;
  attrs?: { color: string };
  price?: unknown;
}

/** The stored fields the comparison looks at. */
interface Expected {
  name: string;
  color: string;
  price: number;
}

type Kind =
  'post' | 'post-partial' | 'post-invalid' | 'post-malformed' | 'delete' | 'delete-invalid';

interface Operation {
  kind: Kind;
  method: 'POST' | 'DELETE';
  url: string;
  body: string;
  /** Identifiers the operation may change. */
  touches: string[];
  items: ItemBody[];
}

interface Tally {
  /** HTTP requests sent, retries included. */
  requests: number;
  /** Answers by status code (0: no answer), retries included. */
  byStatus: Map<number, number>;
  /** Logical operations by kind and final status. */
  byKind: Map<string, number>;
  itemsWritten: number;
  itemsDeleted: number;
  uncertainResolved: number;
  uncertainGivenUp: number;
  maxLatencyMs: number;
}

const COLORS = ['red', 'green', 'blue', 'black', 'white'];

/** A small deterministic generator, so that a run can be told apart by its seed. */
function rng(seed: number) {
  let state = seed >>> 0 || 1;
  return {
    next(): number {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 4_294_967_296;
    },
    int(max: number): number {
      return Math.floor(this.next() * max);
    },
  };
}

function pick<T>(random: ReturnType<typeof rng>, values: readonly T[]): T {
  return values[random.int(values.length)] as T;
}

/** Distinct identifiers of the client's pool. */
function identifiers(random: ReturnType<typeof rng>, client: number, count: number): string[] {
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(`c${client}-${random.int(POOL)}`);
  return [...chosen];
}

function validItem(sku: string, serial: number, random: ReturnType<typeof rng>): ItemBody {
  return {
    sku,
    title: `${sku} v${serial}`,
    attrs: { color: pick(random, COLORS) },
    price: random.int(100_000) / 100,
  };
}

/** One of the invalid ways: a number as a string, a missing required name, a bad type. */
function invalidItem(sku: string, random: ReturnType<typeof rng>): ItemBody {
  return pick(random, [
    { sku, title: 'bad price', attrs: { color: 'red' }, price: '12' },
    { sku, attrs: { color: 'red' }, price: 1 },
    { sku, title: ['not', 'text'], attrs: { color: 'red' }, price: 1 },
  ]);
}

function nextOperation(
  random: ReturnType<typeof rng>,
  client: number,
  serial: number,
  urls: { strict: string; partial: string },
): Operation {
  const roll = random.next();
  const post = (kind: Kind, url: string, items: ItemBody[]): Operation => ({
    kind,
    method: 'POST',
    url,
    body: JSON.stringify(items),
    touches: items.map((item) => item.sku),
    items,
  });
  if (roll < 0.45) {
    const ids = identifiers(random, client, 1 + random.int(30));
    return post(
      'post',
      urls.strict,
      ids.map((sku) => validItem(sku, serial, random)),
    );
  }
  if (roll < 0.6) {
    const ids = identifiers(random, client, 2 + random.int(20));
    const items = ids.map((sku) =>
      random.next() < 0.3 ? invalidItem(sku, random) : validItem(sku, serial, random),
    );
    return post('post-partial', urls.partial, items);
  }
  if (roll < 0.7) {
    const ids = identifiers(random, client, 1 + random.int(10));
    const items = ids.map((sku, i) =>
      i === 0 ? invalidItem(sku, random) : validItem(sku, serial, random),
    );
    return post('post-invalid', urls.strict, items);
  }
  if (roll < 0.73) {
    return {
      kind: 'post-malformed',
      method: 'POST',
      url: urls.strict,
      body: '[{"sku": "c-broken", ',
      touches: [],
      items: [],
    };
  }
  if (roll < 0.95) {
    const ids = identifiers(random, client, 1 + random.int(8));
    return {
      kind: 'delete',
      method: 'DELETE',
      url: pick(random, [urls.strict, urls.partial]),
      body: JSON.stringify({ identifiers: ids }),
      touches: ids,
      items: [],
    };
  }
  return {
    kind: 'delete-invalid',
    method: 'DELETE',
    url: urls.strict,
    body: pick(random, ['{"identifiers": []}', '{"ids": ["c0-1"]}']),
    touches: [],
    items: [],
  };
}

interface Answer {
  status: number;
  body: { status?: string; data?: { successIds?: string[]; deletedIds?: string[] } } | null;
  ms: number;
}

const isUncertain = (status: number) => status === 0 || status === 429 || status >= 500;

// ---------------------------------------------------------------------------------------------
// The run

interface Run {
  baseUrl: string;
  token: string;
  urls: { strict: string; partial: string };
  tally: Tally;
  expected: Map<string, Expected | null>;
  uncertain: Set<string>;
  stopAt: number;
}

async function send(run: Run, operation: Operation, key: string): Promise<Answer> {
  const started = Date.now();
  run.tally.requests += 1;
  try {
    const response = await fetch(`${run.baseUrl}/api/v1/funnels/${operation.url}`, {
      method: operation.method,
      headers: {
        authorization: `Bearer ${run.token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: operation.body,
      signal: AbortSignal.timeout(WAIT_TIMEOUT_MS + 15_000),
    });
    const text = await response.text();
    let body: Answer['body'] = null;
    try {
      body = JSON.parse(text) as Answer['body'];
    } catch {
      // not JSON
    }
    return { status: response.status, body, ms: Date.now() - started };
  } catch {
    return { status: 0, body: null, ms: Date.now() - started };
  }
}

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** Applies a definitive answer to the expected state. */
function apply(run: Run, operation: Operation, answer: Answer): void {
  if (answer.status !== 200) return;
  if (operation.method === 'DELETE') {
    for (const id of operation.touches) run.expected.set(id, null);
    run.tally.itemsDeleted += answer.body?.data?.deletedIds?.length ?? 0;
    return;
  }
  const imported =
    operation.kind === 'post-partial' && answer.body?.data?.successIds
      ? new Set(answer.body.data.successIds)
      : new Set(operation.touches);
  for (const item of operation.items) {
    if (!imported.has(item.sku)) continue;
    run.expected.set(item.sku, {
      name: String(item.title),
      color: item.attrs?.color ?? '',
      price: Number(item.price),
    });
  }
  run.tally.itemsWritten += imported.size;
}

async function client(run: Run, index: number): Promise<void> {
  const random = rng(0x5eed + index * 7919);
  for (let serial = 1; Date.now() < run.stopAt; serial++) {
    const operation = nextOperation(random, index, serial, run.urls);
    const key = randomUUID();
    const firstSentAt = Date.now();
    let answer = await send(run, operation, key);
    bump(run.tally.byStatus, answer.status);
    const wasUncertain = isUncertain(answer.status);
    // Asked again with the same key and body until answered, within a bound.
    while (isUncertain(answer.status) && Date.now() - firstSentAt < UNCERTAIN_LIMIT_MS) {
      await sleep(answer.status === 0 ? 1_000 : 500);
      answer = await send(run, operation, key);
      bump(run.tally.byStatus, answer.status);
    }
    run.tally.maxLatencyMs = Math.max(run.tally.maxLatencyMs, answer.ms);
    bump(run.tally.byKind, `${operation.kind} ${answer.status}`);
    if (isUncertain(answer.status)) {
      run.tally.uncertainGivenUp += 1;
      for (const id of operation.touches) run.uncertain.add(id);
      continue;
    }
    if (wasUncertain) run.tally.uncertainResolved += 1;
    apply(run, operation, answer);
  }
}

// ---------------------------------------------------------------------------------------------
// Set-up, chaos, comparison

async function api<T>(baseUrl: string, token: string, method: string, url: string, body: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Log lines at warn level and above, by process kind and message: what went wrong inside. */
function logProblems(logDir: string): Map<string, number> {
  const problems = new Map<string, number>();
  for (const file of readdirSync(logDir)) {
    const role = file.startsWith('api') ? 'api' : 'worker';
    for (const text of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      if (!text.trim()) continue;
      let line: { level?: string; msg?: string };
      try {
        line = JSON.parse(text) as { level?: string; msg?: string };
      } catch {
        bump(problems, `${role} (not JSON) ${text.slice(0, 60)}`);
        continue;
      }
      if (line.level === 'warn' || line.level === 'error' || line.level === 'fatal') {
        bump(problems, `${role} ${line.level}: ${line.msg ?? ''}`);
      }
    }
  }
  return problems;
}

const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const began = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'funnel-sync-soak-'));
  const logDir = path.join(dir, 'logs');
  mkdirSync(logDir);
  const events: string[] = [];
  const event = (text: string) => {
    events.push(`${elapsed(began).padStart(8)}  ${text}`);
    console.log(`[soak ${elapsed(began)}] ${text}`);
  };

  let redis: RunningEngine | undefined;
  let mongoEngine: RunningEngine | undefined;
  const services: LaunchedProcess[] = [];
  let succeeded = false;
  try {
    if (!process.env.REDIS_URL) redis = await startRedis({ dir });
    if (!process.env.MONGO_URL) mongoEngine = await startLocalMongo('soak');
    const redisUrl = process.env.REDIS_URL ?? redis?.url ?? '';
    const mongoUrl = process.env.MONGO_URL ?? mongoEngine?.url ?? '';
    const prefix = `soak-${Date.now().toString(36)}`;
    const port = await freePort();
    const env = {
      REDIS_URL: redisUrl,
      MONGO_URL: mongoUrl,
      JWT_SECRET,
      QUEUE_PREFIX: prefix,
      PORT: String(port),
      WAIT_TIMEOUT_MS: String(WAIT_TIMEOUT_MS),
      JOB_LOCK_MS: String(JOB_LOCK_MS),
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'info',
      // Two workers on one machine: they cannot both take the default metrics port.
      WORKER_METRICS_PORT: '0',
    };
    event(
      `engines: redis ${redis ? 'own' : 'REDIS_URL'}, mongo ${mongoEngine ? `own ${mongoEngine.name}` : 'MONGO_URL'}; logs in ${logDir}`,
    );
    await createServiceIndexes(mongoUrl);
    services.push(await startProcess('api', 'api', env, logDir));
    const workers = [
      await startProcess('worker-1', 'worker', env, logDir),
      await startProcess('worker-2', 'worker', env, logDir),
    ];
    services.push(...workers);
    const baseUrl = `http://127.0.0.1:${port}`;

    const mongo = await connectMongo(mongoUrl, 'funnel-sync-soak');
    const tenant = `soak-${Date.now().toString(36)}`;
    const { token } = await bootstrapTenant(collections(mongo), JWT_SECRET, {
      tenant,
      email: 'soak@funnel-sync.local',
    });
    await api(baseUrl, token, 'PUT', '/settings/content-types/soak', {
      name: 'Soak',
      kind: 'product',
      properties: [
        { key: 'color', label: 'Color', type: 'text' },
        { key: 'price', label: 'Price', type: 'number' },
      ],
    });
    const mappings = [
      { source: 'sku', target: { system: 'identifier' } },
      { source: 'title', target: { system: 'name' } },
      { source: 'attrs.color', target: { property: 'color' } },
      { source: 'price', target: { property: 'price' } },
    ];
    for (const [endpointUrl, partialValidation] of [
      ['soak-strict', false],
      ['soak-partial', true],
    ] as const) {
      await api(baseUrl, token, 'POST', '/settings/funnels', {
        contentType: 'soak',
        name: endpointUrl,
        endpointUrl,
        partialValidation,
        mappings,
      });
    }

    const run: Run = {
      baseUrl,
      token,
      urls: { strict: 'soak-strict', partial: 'soak-partial' },
      tally: {
        requests: 0,
        byStatus: new Map(),
        byKind: new Map(),
        itemsWritten: 0,
        itemsDeleted: 0,
        uncertainResolved: 0,
        uncertainGivenUp: 0,
        maxLatencyMs: 0,
      },
      expected: new Map(),
      uncertain: new Set(),
      stopAt: Date.now() + SECONDS * 1000,
    };
    event(`traffic: ${CLIENTS} clients for ${SECONDS} s`);
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(run, i));

    // Chaos, at fixed fractions of the run: a worker killed and replaced, twice; Redis restarted.
    const at = (fraction: number) =>
      sleep(Math.max(0, began + fraction * SECONDS * 1000 - Date.now()));
    const killAndReplace = async (index: number) => {
      const victim = workers[index] as LaunchedProcess;
      await victim.stop('SIGKILL');
      event(`SIGKILL ${victim.name} (pid ${victim.child.pid})`);
      await sleep(2_000);
      const replacement = await startProcess(`${victim.name}-r`, 'worker', env, logDir);
      workers[index] = replacement;
      services.push(replacement);
      event(`started ${replacement.name} (pid ${replacement.child.pid})`);
    };
    await at(0.2);
    await killAndReplace(0);
    await at(0.45);
    await killAndReplace(1);
    await at(0.7);
    if (redis) {
      await redis.stop();
      event('Redis stopped');
      await sleep(3_000);
      redis = await startRedis({ dir, port: redis.port });
      event('Redis started again on the same port (empty)');
    } else {
      event('Redis restart skipped: REDIS_URL names a server this run does not own');
    }

    // Bounded: each client stops at stopAt, and gives an answer up after UNCERTAIN_LIMIT_MS.
    await Promise.all(clients);
    event('traffic stopped');

    // Let every job that is still queued or running finish before the store is read.
    // The soak runs one queue shard (QUEUE_SHARDS unset), under its hash tag.
    const keys = new KeySpace(prefix, 1);
    const queue = new Queue(FUNNEL_QUEUE, {
      connection: { url: redisUrl },
      prefix: keys.ofShard(keys.shards.first),
    });
    const drainDeadline = Date.now() + 60_000;
    let pending = Infinity;
    while (pending > 0 && Date.now() < drainDeadline) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      pending = Object.values(counts).reduce((sum, count) => sum + count, 0);
      if (pending > 0) await sleep(500);
    }
    await queue.close();
    event(pending === 0 ? 'queue drained' : `queue not drained: ${pending} jobs left`);

    // The comparison.
    const stored = await collections(mongo).items.find({ tenant, contentType: 'soak' }).toArray();
    await mongo.close();
    const actual = new Map(stored.map((item) => [item.identifier, item]));
    const missing: string[] = [];
    const unexpected: string[] = [];
    const different: string[] = [];
    let compared = 0;
    const all = new Set([...run.expected.keys(), ...actual.keys()]);
    for (const id of all) {
      if (run.uncertain.has(id)) continue;
      compared += 1;
      const want = run.expected.get(id) ?? null;
      const got = actual.get(id);
      if (want === null && got !== undefined) unexpected.push(id);
      else if (want !== null && got === undefined) missing.push(id);
      else if (
        want !== null &&
        got !== undefined &&
        (got.name !== want.name ||
          got.properties.color !== want.color ||
          got.properties.price !== want.price)
      ) {
        different.push(id);
      }
    }
    const present = [...run.expected.values()].filter((value) => value !== null).length;

    const { tally } = run;
    const sortedKinds = [...tally.byKind.entries()].sort(([a], [b]) => a.localeCompare(b));
    const statusLine = [...tally.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status === 0 ? 'no answer' : status}: ${count}`)
      .join(', ');
    console.log('\n=== soak report ===');
    console.log(`duration            ${elapsed(began)} (traffic ${SECONDS} s)`);
    console.log(`requests sent       ${tally.requests} (${CLIENTS} clients, retries included)`);
    console.log(`operations          ${[...tally.byKind.values()].reduce((a, b) => a + b, 0)}`);
    console.log(
      `items written       ${tally.itemsWritten} (by 200 POSTs), deleted ${tally.itemsDeleted}`,
    );
    console.log(`answers by status   ${statusLine}`);
    console.log(
      `uncertain answers   ${tally.uncertainResolved} resolved by a retry with the same key, ${tally.uncertainGivenUp} given up`,
    );
    console.log(`slowest answer      ${tally.maxLatencyMs} ms`);
    console.log('operations by kind and final status:');
    for (const [kind, count] of sortedKinds) console.log(`  ${kind.padEnd(22)} ${count}`);
    console.log('log lines at warn and above, by process and message:');
    for (const [what, count] of [...logProblems(logDir).entries()].sort()) {
      console.log(`  ${String(count).padStart(5)}  ${what}`);
    }
    console.log('events:');
    for (const line of events) console.log(`  ${line}`);
    console.log('comparison (MongoDB against the state computed from the answers):');
    console.log(
      `  identifiers compared  ${compared} (left out as uncertain: ${run.uncertain.size})`,
    );
    console.log(`  expected present      ${present}, stored ${stored.length}`);
    console.log(
      `  missing               ${missing.length}${missing.length ? ` e.g. ${missing.slice(0, 5).join(', ')}` : ''}`,
    );
    console.log(
      `  unexpected            ${unexpected.length}${unexpected.length ? ` e.g. ${unexpected.slice(0, 5).join(', ')}` : ''}`,
    );
    console.log(
      `  different contents    ${different.length}${different.length ? ` e.g. ${different.slice(0, 5).join(', ')}` : ''}`,
    );
    const mismatches = missing.length + unexpected.length + different.length;
    succeeded = mismatches === 0 && pending === 0;
    console.log(`result                ${succeeded ? 'MATCH' : 'MISMATCH'}`);
    return succeeded ? 0 : 1;
  } finally {
    await Promise.all(services.map((service) => service.stop('SIGTERM')));
    await redis?.stop();
    await mongoEngine?.stop();
    if (succeeded) rmSync(dir, { recursive: true, force: true });
    else console.log(`kept for inspection: ${dir}`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('soak failed:', error);
    process.exit(2);
  },
);
