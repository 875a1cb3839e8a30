/**
 * Idempotency keys: the same request of the same file gets the same key in every run, so a
 * retry, a `--resume` or a re-run within the service's 24 hours replays instead of writing twice.
 *
 * A key hashes the file's identity (its absolute path, size and modification time), the funnel,
 * the method, the batch's index, the dry-run flag and the sync (a dry run and a real run, or two
 * syncs, are different requests to the service), and the body's own hash: a file edited without
 * its size or time changing then makes new keys instead of 422 "used before with another body".
 * Standard input has no identity before it is read, so its batches are keyed by content alone.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';

export const STDIN_IDENTITY = 'stdin';

export async function fileIdentity(path: string): Promise<string> {
  const absolute = resolve(path);
  const { size, mtimeMs } = await stat(absolute);
  return sha256(`${absolute}\0${size}\0${mtimeMs}`);
}

export interface KeyParts {
  identity: string;
  funnel: string;
  method: 'POST' | 'DELETE';
  index: number;
  dryRun: boolean;
  syncId?: string;
  body: Buffer;
}

export function idempotencyKey(parts: KeyParts): string {
  const { identity, funnel, method, index, dryRun, syncId } = parts;
  const request = [identity, funnel, method, index, dryRun, syncId ?? ''].join('\0');
  return `push-${sha256(`${request}\0${sha256(parts.body)}`)}`;
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
