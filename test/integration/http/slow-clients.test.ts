/**
 * A client that trickles its request is cut off: answered 408 and disconnected once the request
 * (HTTP_REQUEST_TIMEOUT_MS) or its headers (HTTP_HEADERS_TIMEOUT_MS) took too long, so that slow
 * senders cannot hold the API's connections open for minutes.
 */
import { connect, type Socket } from 'node:net';
import { startTestApi, type TestApi } from '../../support/api-harness';

const REQUEST_TIMEOUT_MS = 2_000;
const HEADERS_TIMEOUT_MS = 1_000;
/** One byte this often: the whole request would take minutes at this pace. */
const TRICKLE_MS = 100;

interface Trickled {
  /** What the server sent before it closed the connection. */
  answer: string;
  /** How long the connection stayed open. */
  openMs: number;
  /** Whether the client was still sending when the server closed. */
  stillSending: boolean;
}

/** Sends `head` at once, then `rest` a byte at a time, until the server closes the connection. */
function trickle(baseUrl: string, head: string, rest: string): Promise<Trickled> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, openMs: Date.now() - started, stillSending: sent < rest.length });
    });
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < rest.length && !socket.destroyed) socket.write(rest[sent++]!);
      }, TRICKLE_MS);
    });
  });
}

describe('slow clients', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi('slow-clients', {
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    });
    ({ token } = await api.bootstrap('acme'));
  });
  afterAll(() => api.close());

  it('when an authenticated body trickles in past the request timeout, then the connection is answered 408 and closed', async () => {
    const body = JSON.stringify([{ sku: 'x'.repeat(2_000) }]);
    const head =
      'POST /api/v1/funnels/erp HTTP/1.1\r\nHost: localhost\r\n' +
      `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const trickled = await trickle(api.baseUrl, head, body);
    expect(trickled.stillSending).toBe(true);
    expect(trickled.answer).toMatch(/^HTTP\/1\.1 408 /);
    // The timeout, and at most a check interval and some scheduling on top.
    expect(trickled.openMs).toBeLessThan(REQUEST_TIMEOUT_MS + 5_000);
  });

  it('when the headers trickle in past the headers timeout, then the connection is answered 408 and closed', async () => {
    const headers = `Host: localhost\r\nX-Padding: ${'p'.repeat(2_000)}\r\n\r\n`;
    const trickled = await trickle(api.baseUrl, 'GET /api/v1/settings/me HTTP/1.1\r\n', headers);
    expect(trickled.stillSending).toBe(true);
    expect(trickled.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(trickled.openMs).toBeLessThan(HEADERS_TIMEOUT_MS + 5_000);
  });

  it('when the headers timeout is set above the request timeout, then the configuration is refused', async () => {
    await expect(
      startTestApi('slow-clients-bad', {
        HTTP_REQUEST_TIMEOUT_MS: '5000',
        HTTP_HEADERS_TIMEOUT_MS: '6000',
      }),
    ).rejects.toThrow('HTTP_HEADERS_TIMEOUT_MS must not be greater than HTTP_REQUEST_TIMEOUT_MS');
  });
});
