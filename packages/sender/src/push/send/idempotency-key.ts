/**
 * Idempotency keys: within one run, the same request gets the same key, so a retry, or a
 * `--resume` of the run (its run id is kept in the checkpoint), replays the service's first
 * answer instead of writing twice. A new run has a new run id, so it sends again: pushing a file
 * a second time after fixing the funnel writes, rather than replaying the old failures.
 *
 * A key hashes the run id, the file's identity (its absolute path, size and modification time),
 * the funnel, the method, the batch's index, the dry-run flag and the sync (a dry run and a real
 * run, or two syncs, are different requests to the service), and the body's own hash: a file
 * edited without its size or time changing then makes new keys instead of 422 "used before with
 * another body". Standard input has no identity before it is read, so its batches are keyed by
 * the run and their content.
 */
import { createHash, randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';

export const STDIN_IDENTITY = 'stdin';

/** The id of a new run; a resumed run takes its own from the checkpoint. */
export function newRunId(): string {
  return randomUUID();
}

export async function fileIdentity(path: string): Promise<string> {
  const absolute = resolve(path);
  const { size, mtimeMs } = await stat(absolute);
  return sha256(`${absolute}\0${size}\0${mtimeMs}`);
}

export interface KeyParts {
  runId: string;
  identity: string;
  funnel: string;
  method: 'POST' | 'DELETE';
  index: number;
  dryRun: boolean;
  syncId?: string;
  body: Buffer;
}

export function idempotencyKey(parts: KeyParts): string {
  const { runId, identity, funnel, method, index, dryRun, syncId } = parts;
  const request = [runId, identity, funnel, method, index, dryRun, syncId ?? ''].join('\0');
  return `push-${sha256(`${request}\0${sha256(parts.body)}`)}`;
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
