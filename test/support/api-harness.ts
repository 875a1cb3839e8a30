/**
 * An API in the test process, on real engines: its own MongoDB database, the real app and
 * context, listening on a free port. Faster than a spawned process, and its context is at hand
 * for seeding and inspecting the store.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { Writable } from 'node:stream';
import { composeApi, type ComposeApiOptions } from '../../api/compose';
import { listen } from '../../api/http/listen';
import type { ApiContext } from '../../api/context';
import { bootstrapTenant, type BootstrapResult } from '../../core/auth/bootstrap';
import { loadConfig, type ApiConfig } from '../../core/platform/config';
import { createLogger } from '../../core/platform/logger';
import { createServiceIndexes } from '../../scripts/processes/service-indexes';
import { isolatedEnv } from './test-env';

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, for malformed bodies. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestApi {
  baseUrl: string;
  /** The environment it runs on: a worker process started with it serves this API. */
  env: Record<string, string>;
  context: ApiContext;
  /** The express application, to read its routes. */
  app: Express;
  /** Every log line the API wrote, as parsed JSON. */
  logLines: Record<string, unknown>[];
  bootstrap(tenant: string, email?: string): Promise<BootstrapResult>;
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: CallOptions,
  ): Promise<CallResult<T>>;
  close(): Promise<void>;
}

export async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

export async function startTestApi(
  label: string,
  overrides: Partial<Record<keyof ApiConfig, string>> = {},
  options: ComposeApiOptions = {},
): Promise<TestApi> {
  const env = { ...isolatedEnv(label), LOG_LEVEL: 'debug', ...overrides };
  const config = loadConfig('api', env);
  await createServiceIndexes(config.MONGO_URL);
  const logLines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger('api', config.LOG_LEVEL, sink);
  const composed = await composeApi(config, logger, options);
  const { context } = composed;
  const server: Server = await listen(composed.app, config, 0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    env,
    context,
    app: composed.app,
    logLines,
    bootstrap: (tenant, email = `owner@${tenant}.test`) =>
      bootstrapTenant(context.db, config.JWT_SECRET, { tenant, email }),
    call: (method, path, options) => call(baseUrl, method, path, options),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await context.mongo.dropDatabase().catch(() => undefined);
      await composed.close();
    },
  };
}
