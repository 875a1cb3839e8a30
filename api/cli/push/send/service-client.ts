/**
 * The one door to the service: `fetch` with the token, JSON answers read as JSON. Network
 * failures throw (the retry policy decides what to do with them); every HTTP answer resolves.
 */
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

export class ServiceClient {
  constructor(
    private readonly baseUrl: URL,
    private readonly token: string,
  ) {}

  async call(request: ServiceRequest): Promise<ServiceAnswer> {
    const url = new URL(request.path, this.baseUrl);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      url.searchParams.set(name, value);
    }
    const response = await fetch(url, {
      method: request.method,
      headers: { Authorization: `Bearer ${this.token}`, ...request.headers },
      body: request.body,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: parseBody(text) };
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
