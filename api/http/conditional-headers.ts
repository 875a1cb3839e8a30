/**
 * `If-Match` and `If-None-Match` of a settings write (core/settings/preconditions.ts): read
 * strictly, a malformed header is a 400 naming it; a write whose precondition fails is a 412
 * with the resource as it is now, and its ETag, in the answer. A versioned answer's ETag is made
 * from the very body sent, so that a GET's `If-None-Match` gets a 304 only while that is unchanged.
 */
import type { Request, Response } from 'express';
import {
  etagOf,
  type CurrentVersion,
  type EntityTags,
  type Preconditions,
} from '../../core/settings/preconditions';
import { HttpError } from './http-error';

/** An entity tag as RFC 9110 writes it: optionally weak, a quoted string of visible characters. */
const ENTITY_TAG = /^(W\/)?"[\x21\x23-\x7e]*"$/;

function parseEntityTags(name: string, value: string | undefined): EntityTags | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '*') return { any: true };
  const tags = trimmed.split(',').map((tag) => tag.trim());
  if (tags.length === 0 || !tags.every((tag) => ENTITY_TAG.test(tag))) {
    throw new HttpError(
      400,
      `${name} must be * or a list of quoted entity tags, as the ETag header gives them`,
      {},
      { errors: { [name]: 'Not an entity tag list' } },
    );
  }
  return { tags };
}

export function preconditionsOf(req: Request): Preconditions {
  const header = (name: string): string | undefined => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const ifMatch = parseEntityTags('If-Match', header('If-Match'));
  const ifNoneMatch = parseEntityTags('If-None-Match', header('If-None-Match'));
  return { ...(ifMatch && { ifMatch }), ...(ifNoneMatch && { ifNoneMatch }) };
}

/** 412: the write was made against another version; `current` is the resource as it is. */
export function preconditionFailed(
  reason: string,
  current: { version: CurrentVersion; view: unknown } | null,
): HttpError {
  return new HttpError(
    412,
    `The precondition failed: ${reason}. Read it again and decide whether to overwrite it`,
    current ? { ETag: etagOf(current.version, JSON.stringify(current.view)) } : {},
    { current: current?.view ?? null },
  );
}

/**
 * Answers a version of a resource, `view`, with its ETag. Express answers a GET whose
 * `If-None-Match` names that ETag with a 304.
 */
export function sendVersioned(
  res: Response,
  version: CurrentVersion,
  view: unknown,
  status = 200,
): void {
  const body = JSON.stringify(view);
  res.setHeader('ETag', etagOf(version, body));
  res.status(status).type('application/json').send(body);
}
