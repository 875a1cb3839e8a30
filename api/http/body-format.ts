/**
 * How a funnel request body is written, read from its Content-Type: one JSON value, or NDJSON
 * (one value a line; docs/api-behaviour.md#request-bodies).
 */
import type { Request } from 'express';
import type { ParsedJobData } from '../../core/queue/jobs';

export type BodyFormat = ParsedJobData<'ingest'>['bodyFormat'];

export const FUNNEL_MEDIA_TYPES = ['application/json', 'application/x-ndjson'] as const;

/** JSON unless the request says NDJSON; a request without a body has no type and is JSON. */
export function bodyFormatOf(req: Request): BodyFormat {
  return req.is('application/x-ndjson') ? 'ndjson' : 'json';
}
