/**
 * Posts one signed JSON delivery to an export's receiver and reports what came of it. The
 * client never logs: secrets and bodies stay out of every line. Behaviour: docs/export.md.
 */
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { AllowedNetworks } from '../config/allowed-networks';
import { RESPONSE_BODY_LIMIT, type DeliveryAttempt } from './delivery-attempt';
import { describeDeliveryError, DeliveryTimeoutError } from './delivery-error';
import { createGuardedAgents } from './guarded-agents';
import { systemResolver, type HostResolver } from './host-resolver';
import { parseRetryAfter } from './retry-after';
import { signDelivery } from './webhook-signature';
import type { WebhookSecret } from './webhook-secret';

export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryClientOptions {
  allowed: AllowedNetworks;
  resolve?: HostResolver;
  /** From the start of an attempt to the end of the answer's first KiB. */
  timeoutMs?: number;
  now?: () => Date;
}

export interface Delivery {
  url: string;
  /** Kept by the caller across retries of the same delivery, so receivers can de-duplicate. */
  webhookId: string;
  payload: unknown;
  /** Every secret that signs: the current one, and during a rotation the one it replaces. */
  secrets: readonly WebhookSecret[];
}

export interface DeliveryClient {
  deliver(delivery: Delivery): Promise<DeliveryAttempt>;
  /** Closes the kept-alive sockets. */
  close(): void;
}

type Answer = Pick<DeliveryAttempt, 'status' | 'responseBody' | 'retryAfterSeconds'>;

interface Post {
  url: URL;
  agent: http.Agent;
  headers: OutgoingHttpHeaders;
  body: string;
  timeoutMs: number;
  startedAt: Date;
}

/** The status, the body's first KiB and `Retry-After`; the body is read no further. */
function readAnswer(response: IncomingMessage, now: Date, done: (answer: Answer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = () =>
    done({
      status: response.statusCode,
      responseBody: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
      retryAfterSeconds: parseRetryAfter(response.headers['retry-after'], now),
    });
  response.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= RESPONSE_BODY_LIMIT) response.destroy();
  });
  // Cut short (by the limit, the deadline or the receiver), the answer stands as read.
  response.on('error', () => undefined);
  response.on('close', finish);
}

/** Resolves with the answer, or rejects with why none came; never follows a redirect. */
function post({ url, agent, headers, body, timeoutMs, startedAt }: Post): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: 'POST', headers, agent });
    let response: IncomingMessage | undefined;
    const deadline = setTimeout(() => {
      if (response) response.destroy();
      else request.destroy(new DeliveryTimeoutError(timeoutMs));
    }, timeoutMs);
    request.on('response', (answer) => {
      response = answer;
      readAnswer(answer, startedAt, (read) => {
        clearTimeout(deadline);
        resolve(read);
      });
    });
    request.on('error', (error) => {
      if (response) return;
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body);
  });
}

/** The URL's faults that no connection needs to find; the full check ran when it was saved. */
function urlProblem(text: string): string | URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The URL is not a valid absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must use https';
  if (url.username !== '' || url.password !== '') {
    return 'The URL must not hold a user name or password';
  }
  return url;
}

export function createDeliveryClient(options: DeliveryClientOptions): DeliveryClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const agents = createGuardedAgents({
    allowed: options.allowed,
    resolve: options.resolve ?? systemResolver,
  });

  async function deliver(delivery: Delivery): Promise<DeliveryAttempt> {
    const startedAt = now();
    const started = performance.now();
    const attempt = (result: Answer | { error: string }): DeliveryAttempt => {
      const status = 'status' in result ? result.status : undefined;
      return {
        webhookId: delivery.webhookId,
        startedAt,
        ok: status !== undefined && status >= 200 && status < 300,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...result,
      };
    };
    const url = urlProblem(delivery.url);
    if (typeof url === 'string') return attempt({ error: url });
    const body = JSON.stringify(delivery.payload) ?? 'null';
    const headers = {
      ...signDelivery(delivery.webhookId, body, delivery.secrets, startedAt),
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'funnel-sync-export',
    };
    const agent = url.protocol === 'https:' ? agents.https : agents.http;
    try {
      return attempt(await post({ url, agent, headers, body, timeoutMs, startedAt }));
    } catch (error) {
      return attempt({ error: describeDeliveryError(error, delivery.secrets) });
    }
  }

  return { deliver, close: () => agents.destroy() };
}
