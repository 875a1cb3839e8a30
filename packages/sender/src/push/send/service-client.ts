/**
 * The one door to the service: openapi-fetch, typed by the service's OpenAPI document, with the
 * token. Network failures throw (the retry policy decides what to do with them), and so does an
 * exchange that outlasts its timeout; every HTTP answer resolves. An answer is read up to a byte
 * cap: past it the run stops (AnswerTooLarge), since no answer of the service is that large.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../service/openapi-paths';
import { RunStopped } from './push-errors';

export interface ServiceAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON, or undefined when empty. */
  body: unknown;
}

/** The service's HTTP API, one typed method an HTTP method. */
export type ServiceApi = Client<paths>;

/** What openapi-fetch resolves to when asked for the body as text. */
interface Exchange {
  data?: string;
  error?: unknown;
  response: Response;
}

/**
 * One request: how messages name it, and how it is sent, again on a retry (the same bytes).
 * Every `send` asks for the body as text (`parseAs: 'text'`): the client reads JSON itself, so
 * that an answer which is not JSON (a proxy's page) is a message, not a failure to parse.
 */
export interface ServiceRequest {
  /** `METHOD /path`, as the run's messages and events name it. */
  label: string;
  send(api: ServiceApi): Promise<Exchange>;
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

/** Statuses whose answer has no body: a Response holding one cannot be made. */
const NO_BODY = new Set([101, 204, 205, 304]);

/** The answer was larger than the cap: the rest was not read, and the run stops. */
class AnswerTooLarge extends RunStopped {}

/** No whole answer within the timeout: sent again, as after a network error. */
export class NoAnswerInTime extends Error {
  override readonly name = 'NoAnswerInTime';
}

export class ServiceClient {
  private readonly api: ServiceApi;

  constructor(
    baseUrl: URL,
    token: string,
    private readonly bounds: ExchangeBounds = DEFAULT_BOUNDS,
  ) {
    this.api = createClient<paths>({
      // The document's paths start with /api/v1: they are absolute on the service's origin.
      baseUrl: baseUrl.origin,
      headers: { Authorization: `Bearer ${token}` },
      fetch: (request) => this.boundedFetch(request),
    });
  }

  async call(request: ServiceRequest): Promise<ServiceAnswer> {
    const { data, error, response } = await request.send(this.api);
    const body = response.ok ? parseBody(data ?? '') : error;
    return {
      status: response.status,
      headers: response.headers,
      body: body === '' ? undefined : body,
    };
  }

  /** fetch, with the timeout over the whole exchange and the answer read up to the cap. */
  private async boundedFetch(request: Request): Promise<Response> {
    const signal = AbortSignal.timeout(this.bounds.timeoutMs);
    try {
      const response = await fetch(request, { signal });
      const bytes = await this.cappedBytes(request, response);
      const body = NO_BODY.has(response.status) ? null : bytes;
      return new Response(body, { status: response.status, headers: response.headers });
    } catch (error) {
      if (!signal.aborted) throw error;
      const seconds = this.bounds.timeoutMs / 1000;
      throw new NoAnswerInTime(`no answer within ${seconds} s (--timeout)`, { cause: error });
    }
  }

  /** The body's bytes, read chunk by chunk and given up at the cap. */
  private async cappedBytes(request: Request, response: Response): Promise<Buffer> {
    const cap = this.bounds.maxAnswerBytes;
    const tooLarge = () =>
      new AnswerTooLarge(
        `${request.method} ${new URL(request.url).pathname}: the answer (HTTP ${response.status}) ` +
          `is larger than ${cap / MIB} MiB, more than any answer of the service; stopped reading ` +
          'it (--max-answer-mib raises the cap)',
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
    return Buffer.concat(chunks);
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

/**
 * A JSON body sent as the bytes it was already serialised (and compressed) to: the rows of a
 * batch are kept as those bytes (push-types.ts), so the serializer hands them on as they are.
 */
export function serialisedBody<Body>(bytes: Buffer): {
  body: Body;
  bodySerializer: () => Buffer;
} {
  return { body: bytes as unknown as Body, bodySerializer: () => bytes };
}
