/**
 * A deployment for the fault tests, made of real processes the way production runs them: one API
 * process, any number of worker processes, a tenant with a token holding every right, and a
 * connection of the test's own to the deployment's database for checking what was stored. A test
 * that stops an engine starts its own and passes its URL in `env`.
 */
import type { Connection } from 'mongoose';
import { bootstrapTenant } from '../../../core/auth/bootstrap';
import { collections, type Collections } from '../../../core/storage/collections';
import { connectMongo } from '../../../core/mongo/connection';
import type { HistoryView } from '../../../core/history/history-record';
import type { ItemDocument } from '../../../core/items/item';
import { FunnelQueue } from '../../../core/queue/funnel-queue';
import { loadConfig } from '../../../core/platform/config';
import { redisTopology } from '../../../core/platform/redis-topology';
import { KeySpace } from '../../../core/redis/key-space';
import { call, type CallOptions, type CallResult } from '../../support/api-harness';
import { startProcess, type LogLine, type RunningProcess } from '../../support/processes';
import { isolatedEnv } from '../../support/test-env';
import { sleep } from '../../../scripts/processes/wait-until';
import { waitUntil, WaitTimeout } from '../../support/wait-until';

/** The funnel endpoint's answer (docs/api-behaviour.md#the-envelope). */
export interface Envelope {
  status: 'success' | 'error';
  message: string;
  errors?: Record<string, Record<string, string>>;
  data?: { successIds?: string[]; deletedIds?: string[]; requestId?: string };
}

/** One answer as a client saw it: when it asked, how long it waited, what it got. */
export interface Timed<T = Envelope> {
  startedAt: number;
  durationMs: number;
  /** 0 when the connection failed or the client gave up waiting (a hang). */
  status: number;
  body: T | null;
  error?: string;
}

export interface DeploymentOptions {
  label: string;
  /** Added to the isolated environment: engine URLs, JOB_LOCK_MS, WAIT_TIMEOUT_MS... */
  env?: Record<string, string>;
  workers?: number;
}

/** A content type with two properties and a funnel mapping `sku`, `title`, `color`, `price`. */
export const FUNNEL_MAPPINGS = [
  { source: 'sku', target: { system: 'identifier' } },
  { source: 'title', target: { system: 'name' } },
  { source: 'attrs.color', target: { property: 'color' }, optional: true },
  { source: 'price', target: { property: 'price' }, optional: true },
];

export interface SentItem {
  sku: string;
  title: string;
  attrs: { color: string };
  price: number;
}

const COLORS = ['red', 'green', 'blue', 'black', 'white'];

/** `count` items with identifiers `${prefix}-${i}` and contents that follow from `i` and `tag`. */
export function makeItems(prefix: string, count: number, tag = 'v1', from = 0): SentItem[] {
  return Array.from({ length: count }, (_, n) => {
    const i = from + n;
    return {
      sku: `${prefix}-${i}`,
      title: `${tag} item ${i}`,
      attrs: { color: COLORS[i % COLORS.length] ?? 'red' },
      price: i + 0.25,
    };
  });
}

/** Whether a stored item holds exactly what was sent for it. */
export function storedAsSent(stored: ItemDocument, sent: SentItem): boolean {
  return (
    stored.identifier === sent.sku &&
    stored.name === sent.title &&
    stored.properties.color === sent.attrs.color &&
    stored.properties.price === sent.price
  );
}

/** For pacing a client between its calls, never for waiting on an outcome: see waitUntil. */
export { sleep };

/**
 * Polls `probe` until `accept` holds or `timeoutMs` passes; returns the last answer, for the test
 * to assert on (waitUntil, which throws, when the last answer needs no assertion of its own).
 */
export async function eventually<T>(
  probe: () => T | Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs: number,
  everyMs = 200,
): Promise<T> {
  let last: T | undefined;
  const remember = async () => (last = await probe());
  try {
    return await waitUntil(remember, accept, { what: 'eventually', timeoutMs, everyMs });
  } catch (error) {
    if (!(error instanceof WaitTimeout)) throw error;
    return last as T;
  }
}

export class Deployment {
  readonly workers: RunningProcess[] = [];
  private counter = 0;

  private constructor(
    readonly env: Record<string, string>,
    readonly api: RunningProcess,
    readonly token: string,
    readonly tenant: string,
    readonly mongo: Connection,
  ) {}

  static async start(options: DeploymentOptions): Promise<Deployment> {
    const env = { ...isolatedEnv(options.label), ...options.env };
    const mongo = await connectMongo(env.MONGO_URL ?? '', 'funnel-sync-fault-test');
    let api: RunningProcess | undefined;
    try {
      api = await startProcess('api', env);
      const { token, tenant } = await bootstrapTenant(collections(mongo), env.JWT_SECRET ?? '', {
        tenant: 'acme',
        email: 'owner@acme.test',
      });
      const deployment = new Deployment(env, api, token, tenant, mongo);
      for (let i = 0; i < (options.workers ?? 1); i++) await deployment.startWorker();
      return deployment;
    } catch (error) {
      await api?.stop();
      await mongo.close();
      throw error;
    }
  }

  get db(): Collections {
    return collections(this.mongo);
  }

  async startWorker(extraEnv: Record<string, string> = {}): Promise<RunningProcess> {
    const worker = await startProcess('worker', { ...this.env, ...extraEnv });
    this.workers.push(worker);
    return worker;
  }

  /** The worker that starts a job of request `requestId`, and its 'job started' log line. */
  workerStarting(
    requestId: string,
    timeoutMs?: number,
  ): Promise<{ worker: RunningProcess; line: LogLine }> {
    return Promise.race(
      this.workers.map((worker) =>
        worker
          .waitForLog(
            (line) => line.msg === 'job started' && line.requestId === requestId,
            timeoutMs,
          )
          .then((line) => ({ worker, line })),
      ),
    );
  }

  call<T = Envelope>(method: string, path: string, options: CallOptions = {}) {
    return call<T>(this.api.baseUrl, method, path, { token: this.token, ...options });
  }

  /** A funnel call whose time and outcome are recorded, never longer than `giveUpMs`. */
  async timed(
    method: 'POST' | 'DELETE',
    url: string,
    body: unknown,
    headers: Record<string, string> = {},
    giveUpMs = 120_000,
  ): Promise<Timed> {
    const startedAt = Date.now();
    try {
      const response = await fetch(`${this.api.baseUrl}/api/v1/funnels/${url}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          'content-type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(giveUpMs),
      });
      const text = await response.text();
      let parsed: Envelope | null = null;
      try {
        parsed = JSON.parse(text) as Envelope;
      } catch {
        // not JSON: keep null
      }
      return {
        startedAt,
        durationMs: Date.now() - startedAt,
        status: response.status,
        body: parsed,
      };
    } catch (error) {
      return {
        startedAt,
        durationMs: Date.now() - startedAt,
        status: 0,
        body: null,
        error: (error as Error).message,
      };
    }
  }

  /** A fresh content type (color: text, price: number) and a funnel on it. */
  async funnel(): Promise<{ contentType: string; url: string }> {
    const n = ++this.counter;
    const contentType = `things-${n}`;
    const url = `feed-${n}`;
    const put = await this.call('PUT', `/api/v1/settings/content-types/${contentType}`, {
      body: {
        name: contentType,
        kind: 'product',
        properties: [
          { key: 'color', label: 'Color', type: 'text' },
          { key: 'price', label: 'Price', type: 'number' },
        ],
      },
    });
    if (put.status !== 201) throw new Error(`PUT content type: ${put.status}`);
    const created = await this.call('POST', '/api/v1/settings/funnels', {
      body: { contentType, name: url, endpointUrl: url, mappings: FUNNEL_MAPPINGS },
    });
    if (created.status !== 201) throw new Error(`POST funnel: ${created.status}`);
    return { contentType, url };
  }

  /** Every stored item of a content type, read straight from the database. */
  storedItems(contentType: string): Promise<ItemDocument[]> {
    return this.db.items.find({ tenant: this.tenant, contentType }).toArray();
  }

  async history(url: string, requestId: string): Promise<HistoryView | null> {
    const response = await this.call<HistoryView>(
      'GET',
      `/api/v1/funnels/${url}/history/${encodeURIComponent(requestId)}`,
    );
    if (response.status === 404) return null;
    if (response.status !== 200) throw new Error(`GET history: ${response.status}`);
    return response.body;
  }

  async readyz(): Promise<CallResult<{ engines?: Record<string, string>; message?: string }>> {
    return call(this.api.baseUrl, 'GET', '/readyz');
  }

  /** Log lines of the API and every worker that tell of an unhandled error or a 500. */
  serverErrors(): Record<string, unknown>[] {
    return [
      ...this.api.lines.filter(
        (line) => line.msg === 'unhandled error' || (line.status as number) === 500,
      ),
      ...this.workers.flatMap((worker) =>
        worker.lines.filter(
          (line) => line.level === 'fatal' || line.msg === 'worker failed to start',
        ),
      ),
    ];
  }

  /**
   * A funnel queue on the deployment's Redis and keys, read from its environment as its
   * processes read it (a test that runs its own Redis names it there). The caller closes it.
   */
  funnelQueue(): FunnelQueue {
    const config = loadConfig('api', this.env);
    const keys = new KeySpace(config.QUEUE_PREFIX, config.QUEUE_SHARDS);
    return new FunnelQueue({ topology: redisTopology(config), keys });
  }

  /** Resolves once at least `count` jobs wait in the queue, the worker(s) not having taken them. */
  async jobsWaiting(count = 1, timeoutMs = 20_000): Promise<void> {
    const queue = this.funnelQueue();
    try {
      await waitUntil(
        () => queue.jobCounts(),
        // Funnel requests wait in the prioritized set, in their fair order, in any shard.
        (shards) =>
          shards.reduce(
            (sum, { counts }) => sum + (counts.waiting ?? 0) + (counts.prioritized ?? 0),
            0,
          ) >= count,
        { what: `${count} waiting job(s)`, timeoutMs },
      );
    } finally {
      await queue.close();
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop('SIGTERM')));
    await this.api.stop('SIGTERM');
    await this.mongo.dropDatabase().catch(() => undefined);
    await this.mongo.close();
  }
}
