/**
 * The one door to the service: `fetch` with the token, JSON answers read as JSON. Network
 * failures throw (the retry policy decides what to do with them), and so does an exchange that
 * outlasts its timeout; every HTTP answer resolves. An answer is read up to a byte cap: past it
 * the run stops (AnswerTooLarge), since no answer of the service is that large.
 */
import { RunStopped } from './push-errors';

export interface ServiceAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON, or undefined when empty. */
  body: unknown;
}

export interface ServiceRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface ExchangeBounds {
  /** From sending the request to the answer's last byte (`--timeout`). */
  timeoutMs: number;
  /** The largest answer body read (`--max-answer-mib`). */
  maxAnswerBytes: number;
}

const MIB = 1024 * 1024;

/** What a push waits for an answer, and reads of one, unless told otherwise. */
export const DEFAULT_BOUNDS: ExchangeBounds = { timeoutMs: 60_000, maxAnswerBytes: 8 * MIB };

/** The answer was larger than the cap: the rest was not read, and the run stops. */
class AnswerTooLarge extends RunStopped {}

/** No whole answer within the timeout: sent again, as after a network error. */
export class NoAnswerInTime extends Error {
  override readonly name = 'NoAnswerInTime';
}

export class ServiceClient {
  constructor(
    private readonly baseUrl: URL,
    private readonly token: string,
    private readonly bounds: ExchangeBounds = DEFAULT_BOUNDS,
  ) {}

  async call(request: ServiceRequest): Promise<ServiceAnswer> {
    const url = new URL(request.path, this.baseUrl);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      url.searchParams.set(name, value);
    }
    const signal = AbortSignal.timeout(this.bounds.timeoutMs);
    try {
      const response = await fetch(url, {
        method: request.method,
        headers: { Authorization: `Bearer ${this.token}`, ...request.headers },
        body: request.body,
        signal,
      });
      const text = await this.cappedText(request, response);
      return { status: response.status, headers: response.headers, body: parseBody(text) };
    } catch (error) {
      if (!signal.aborted) throw error;
      const seconds = this.bounds.timeoutMs / 1000;
      throw new NoAnswerInTime(`no answer within ${seconds} s (--timeout)`, { cause: error });
    }
  }

  /** The body as text, read chunk by chunk and given up at the cap. */
  private async cappedText(request: ServiceRequest, response: Response): Promise<string> {
    const cap = this.bounds.maxAnswerBytes;
    const tooLarge = () =>
      new AnswerTooLarge(
        `${request.method} ${request.path}: the answer (HTTP ${response.status}) is larger than ` +
          `${cap / MIB} MiB, more than any answer of the service; stopped reading it ` +
          '(--max-answer-mib raises the cap)',
      );
    if (Number(response.headers.get('content-length')) > cap) {
      await response.body?.cancel();
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    // Leaving the loop early cancels the body: the connection is dropped, the rest never read.
    for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > cap) throw tooLarge();
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The `message` of the service's envelope, or a line that says what came back instead. */
export function messageOf(answer: ServiceAnswer): string {
  const body = answer.body as { message?: unknown } | string | undefined;
  if (body && typeof body === 'object' && typeof body.message === 'string') return body.message;
  if (typeof body === 'string' && body.trim())
    return `HTTP ${answer.status}: ${body.slice(0, 200)}`;
  return `HTTP ${answer.status}`;
}
