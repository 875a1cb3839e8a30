/**
 * Posts one signed JSON delivery to an export's receiver and reports what came of it. The
 * client never logs: secrets and bodies stay out of every line. Behaviour: docs/export.md.
 */
import { performance } from 'node:perf_hooks';
import type { AllowedNetworks } from '../../platform/allowed-networks';
import type { DeliveryAttempt } from './delivery-attempt';
import { describeDeliveryError } from './delivery-error';
import { createGuardedAgents } from '../targets/guarded-agents';
import { systemResolver, type HostResolver } from '../targets/host-resolver';
import { postOnce, type Answer } from './post-once';
import { parseTargetUrl } from '../targets/target-url';
import { signDelivery } from './webhook-signature';
import { inSpan, SpanKind, type Span } from '../../platform/tracing/spans';
import { traceHeaders } from '../../platform/tracing/trace-carrier';
import type { WebhookSecret } from './webhook-secret';

const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;

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
  /** The body: `payload` serialised, or `json`, text already serialised. */
  payload?: unknown;
  json?: string;
  /** Every secret that signs: the current one, and during a rotation the one it replaces. */
  secrets: readonly WebhookSecret[];
}

export interface DeliveryClient {
  deliver(delivery: Delivery): Promise<DeliveryAttempt>;
  /** Closes the kept-alive sockets. */
  close(): void;
}

const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

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
    const url = parseTargetUrl(delivery.url);
    if (typeof url === 'string') return attempt({ error: url });
    const body = delivery.json ?? JSON.stringify(delivery.payload) ?? 'null';
    const headers = {
      ...signDelivery(delivery.webhookId, body, delivery.secrets, startedAt),
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'funnel-sync-export',
    };
    const agent = url.protocol === 'https:' ? agents.https : agents.http;
    // The receiver's host and port only: a URL's path or query may hold a secret.
    const target = { 'server.address': url.hostname, 'server.port': portOf(url) };
    const post = { ...target, 'http.request.method': 'POST' };
    const call = async (span: Span) => {
      const traced = { ...headers, ...traceHeaders() };
      try {
        const answer = await postOnce({ url, agent, headers: traced, body, timeoutMs, startedAt });
        if (answer.status !== undefined)
          span.setAttribute('http.response.status_code', answer.status);
        return attempt(answer);
      } catch (error) {
        span.setAttribute('error.type', error instanceof Error ? error.name : 'error');
        return attempt({ error: describeDeliveryError(error, delivery.secrets) });
      }
    };
    return inSpan('POST', post, call, { kind: SpanKind.CLIENT });
  }

  return { deliver, close: () => agents.destroy() };
}
