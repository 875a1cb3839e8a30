/**
 * Reads a funnel request for the submission use case, in the order of
 * docs/api-behaviour.md#the-path-of-a-request (what the middleware before it has not checked):
 * the query parameters' values, the body's structure, the funnel (404), and what the headers ask.
 */
import type { Request } from 'express';
import type { SubmittedRequest } from '../../core/submission/submission';
import { activeSpan } from '../../core/platform/tracing/spans';
import { funnelAttributes } from '../../core/platform/tracing/funnel-attributes';
import { bodyFormatOf } from './body-format';
import { dryRunFlag } from './dry-run-flag';
import { checkFunnelBody, type FunnelMethod } from './funnel-body';
import type { FunnelLookup } from './funnel-lookup';
import { notFound } from './http-error';
import { checkNdjsonBody } from './ndjson-structure';
import { syncTag } from './sync-tag';

/** RFC 7240: `Prefer: respond-async`, alone or among other preferences. */
function prefersAsync(prefer: string | undefined): boolean {
  return prefer !== undefined && /(^|[\s,;])respond-async([\s,;]|$)/i.test(prefer);
}

export async function readFunnelRequest(
  req: Request,
  method: FunnelMethod,
  lookup: FunnelLookup,
  maxItems: number,
): Promise<SubmittedRequest> {
  const endpointUrl = String(req.params.endpointUrl);
  const dryRun = dryRunFlag(req.originalUrl);
  const sync = syncTag(req.originalUrl);
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const bodyFormat = bodyFormatOf(req);
  if (bodyFormat === 'ndjson') checkNdjsonBody(method, body, maxItems);
  else checkFunnelBody(method, body, maxItems);
  const { tenant, tokenId } = req.principal;
  const funnel = await lookup.find(tenant, endpointUrl);
  if (!funnel) throw notFound(`No funnel with endpoint URL "${endpointUrl}"`);
  activeSpan().setAttributes(funnelAttributes({ tenant, endpointUrl, funnelId: funnel.id }));
  const submission = {
    requestId: req.requestId,
    recordId: req.recordId,
    tenant,
    endpointUrl,
    funnelId: funnel.id,
    method,
    receivedAt: req.receivedAt.toISOString(),
    sequence: req.receiptSequence,
    tokenId,
    dryRun,
    bodyFormat,
    ...(sync === undefined ? {} : { sync }),
  };
  return {
    submission,
    body,
    idempotencyKey: req.get('idempotency-key'),
    respondAsync: prefersAsync(req.get('prefer')),
  };
}
