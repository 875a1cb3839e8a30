/** What every part of one push shares: the service, the watcher, the running totals. */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ErrorsFile } from '../report/errors-file';
import type { PushEvent, Reporter, Totals } from '../report/push-events';
import type { RetryPolicy } from './retry-policy';
import { sendWithRetries } from './send-with-retries';
import type { paths } from '../../service/openapi-paths';
import {
  serialisedBody,
  type ServiceAnswer,
  type ServiceClient,
  type ServiceRequest,
} from './service-client';

export interface RunContext {
  client: ServiceClient;
  reporter: Reporter;
  retry: RetryPolicy;
  funnel: string;
  dryRun: boolean;
  /** This run's id, in every Idempotency-Key it sends (idempotency-key.ts). */
  runId: string;
  syncId?: string;
  totals: Totals;
  errors?: ErrorsFile;
  warnOnce(message: string): void;
}

export function newTotals(): RunContext['totals'] {
  return {
    sent: 0,
    imported: 0,
    failed: 0,
    deleted: 0,
    requests: 0,
    retries: 0,
    skippedBatches: 0,
    replayed: 0,
    notWritten: 0,
  };
}

export function funnelPath(funnel: string): string {
  return `/api/v1/funnels/${encodeURIComponent(funnel)}`;
}

type FunnelOperations = paths['/api/v1/funnels/{endpointUrl}'];
type FunnelQuery = NonNullable<FunnelOperations['post']['parameters']['query']>;

/** The query every funnel request of the run carries: `dryRun` and `sync` (api-behaviour.md). */
function funnelQuery(context: RunContext): FunnelQuery {
  const query: FunnelQuery = {};
  if (context.dryRun) query.dryRun = 'true';
  if (context.syncId) query.sync = context.syncId;
  return query;
}

const compress = promisify(gzip);

/** A funnel request of the run: its JSON body gzip-compressed, under its own Idempotency-Key. */
export async function funnelRequest(
  context: RunContext,
  method: 'POST' | 'DELETE',
  key: string,
  json: Buffer,
): Promise<ServiceRequest> {
  const gzipped = await compress(json);
  const params = {
    path: { endpointUrl: context.funnel },
    query: funnelQuery(context),
    header: { 'Idempotency-Key': key },
  };
  const headers = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' };
  return {
    label: `${method} ${funnelPath(context.funnel)}`,
    send: (api) =>
      method === 'POST'
        ? api.POST('/api/v1/funnels/{endpointUrl}', {
            params,
            headers,
            parseAs: 'text',
            ...serialisedBody<FunnelBody<'post'>>(gzipped),
          })
        : api.DELETE('/api/v1/funnels/{endpointUrl}', {
            params,
            headers,
            parseAs: 'text',
            ...serialisedBody<FunnelBody<'delete'>>(gzipped),
          }),
  };
}

type FunnelBody<Method extends 'post' | 'delete'> = NonNullable<
  FunnelOperations[Method]['requestBody']
>['content']['application/json'];

/** Sends with retries, counting requests and reporting each retry. */
export async function callService(
  context: RunContext,
  request: ServiceRequest,
  index?: number,
): Promise<ServiceAnswer> {
  const answer = await sendWithRetries(context.client, request, context.retry, (notice) => {
    context.totals.retries += 1;
    context.totals.requests += 1;
    const event: PushEvent = {
      event: 'retry',
      request: request.label,
      ...notice,
    };
    if (index !== undefined) event.index = index;
    context.reporter.emit(event);
  });
  context.totals.requests += 1;
  if (isReplay(answer)) context.totals.replayed += 1;
  return answer;
}

/** Whether the service answered with its first answer to the same Idempotency-Key. */
export function isReplay(answer: ServiceAnswer): boolean {
  return answer.headers.get('idempotent-replayed') === 'true';
}
