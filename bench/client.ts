/** The HTTP client side of a funnel request: POST a body, time it, check the envelope. */
import { performance } from 'node:perf_hooks';

export interface PostResult {
  status: number;
  ms: number;
  /** The envelope's `status` ("success" / "error"), when the answer was JSON. */
  envelope?: string;
  text: string;
}

/** Longer than any batch here takes; a request still unanswered then is reported as hung. */
const REQUEST_TIMEOUT_MS = 180_000;

let sent = 0;
const prefix = `bench-${process.pid}-${Date.now().toString(36)}`;

/** POSTs `body`; the request id (X-Request-Id) finds the request in the logs (--keep-logs). */
export async function postItems(url: string, token: string, body: string): Promise<PostResult> {
  const requestId = `${prefix}-${++sent}`;
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-request-id': requestId,
      },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const waited = Math.round(performance.now() - started);
    throw new Error(`request ${requestId} to ${url} failed after ${waited} ms`, { cause: error });
  }
  const ms = performance.now() - started;
  let envelope: string | undefined;
  try {
    envelope = (JSON.parse(text) as { status?: string }).status;
  } catch {
    envelope = undefined;
  }
  return { status: response.status, ms, text, ...(envelope ? { envelope } : {}) };
}

/** Throws unless the request succeeded whole: a benchmark of failures measures nothing. */
export function assertSuccess(result: PostResult, what: string): void {
  if (result.status !== 200 || result.envelope !== 'success') {
    throw new Error(`${what}: answered ${result.status} ${result.text.slice(0, 500)}`);
  }
}
