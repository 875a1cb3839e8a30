/** What the history's download routes share: whether to gzip, and sending that may be cut short. */
import type { Request } from 'express';

/**
 * Gzip only when the request names it: a request without Accept-Encoding (curl without
 * `--compressed`) gets the body as it was sent, not compressed bytes it did not ask for.
 */
export const acceptsGzip = (req: Request): boolean =>
  req.headers['accept-encoding'] !== undefined &&
  req.acceptsEncodings('gzip', 'identity') === 'gzip';

/** A client that goes away midway is no error of ours; a body found gone midway is. */
export async function untilSent(sending: Promise<void>): Promise<void> {
  try {
    await sending;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  }
}
