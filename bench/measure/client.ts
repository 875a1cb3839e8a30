/** The sender's side of a funnel request: POST a body, time it, check the envelope. */
import { performance } from 'node:perf_hooks';

export interface Answer {
  status: number;
  ms: number;
  /** The envelope's `status` ("success" / "error"), when the answer was JSON. */
  envelope?: string;
  text: string;
}

/** Longer than any request here takes: one still unanswered then is reported as hung. */
const REQUEST_TIMEOUT_MS = 180_000;

let sent = 0;
const prefix = `bench-${process.pid}-${Date.now().toString(36)}`;

/** POSTs `body`; its X-Request-Id finds it in the logs of bench/results/logs/. */
export async function postItems(
  url: string,
  token: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const requestId = `${prefix}-${++sent}`;
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-request-id': requestId,
        ...headers,
      },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    return { status: response.status, ms, text, ...envelopeOf(text) };
  } catch (error) {
    const waited = Math.round(performance.now() - started);
    throw new Error(`request ${requestId} to ${url} failed after ${waited} ms`, { cause: error });
  }
}

function envelopeOf(text: string): { envelope?: string } {
  try {
    const { status } = JSON.parse(text) as { status?: string };
    return status ? { envelope: status } : {};
  } catch {
    return {};
  }
}

/** Throws unless the request succeeded whole: a benchmark of failures measures nothing. */
export function assertSuccess(answer: Answer, what: string): void {
  if (answer.status !== 200 || answer.envelope !== 'success') {
    throw new Error(`${what}: answered ${answer.status} ${answer.text.slice(0, 500)}`);
  }
}
