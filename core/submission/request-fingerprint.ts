/**
 * What an Idempotency-Key's repeat must match: the body's bytes, and whether it is a dry run, so
 * that a dry run never answers for the real request after it (nor the other way round).
 */
import { sha256 } from '../redis/idempotency-records';
import type { Submission } from './submission';

export function requestFingerprint(submission: Pick<Submission, 'dryRun'>, body: Buffer): string {
  return sha256(Buffer.concat([Buffer.from(submission.dryRun ? 'dry-run\n' : 'run\n'), body]));
}
