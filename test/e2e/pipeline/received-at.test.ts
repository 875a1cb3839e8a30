/**
 * Receipt order (docs/storage.md#receipt-order): a request's receive time is when it arrived,
 * stamped before authentication and the body read. A sender whose slow upload started first is the
 * older request even though its body finished arriving after a second request had been answered.
 */
import { connect, type Socket } from 'node:net';
import { requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';

/**
 * Opens a POST with `Expect: 100-continue` and resolves once the server has answered
 * "100 Continue": Node writes that as it hands the request to the app, whose first middleware
 * stamps the receive time. Then sends the first half of the body; `finish` sends the rest.
 */
async function startSlowPost(baseUrl: string, path: string, token: string, body: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve).once('error', reject);
  });
  let text = '';
  const received = new Set<() => void>();
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    received.forEach((notify) => notify());
  });
  const response = new Promise<string>((resolve, reject) => {
    socket.once('end', () => resolve(text)).once('error', reject);
  });
  const continued = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!text.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) return;
      received.delete(check);
      resolve();
    };
    received.add(check);
    socket.once('end', () => reject(new Error(`no 100 Continue, got: ${text}`)));
  });
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: slow-first\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  await continued;
  const half = Math.floor(body.length / 2);
  socket.write(body.slice(0, half));
  return {
    finish: async () => {
      socket.write(body.slice(half));
      return response;
    },
  };
}

describe('the receive time of a request', () => {
  let p: Pipeline;

  beforeAll(async () => {
    p = await startPipeline('received-at');
  });
  afterAll(() => p.close());

  it('when a slow upload starts before a second request and ends after it, then the second is the newer one', async () => {
    const { url, contentType } = await p.scenario();
    const slow = await startSlowPost(
      p.api.baseUrl,
      `/api/v1/funnels/${url}`,
      p.token,
      JSON.stringify([{ sku: 'A-1', title: 'first' }]),
    );
    const second = await p.post(url, [{ sku: 'A-1', title: 'second' }]);
    expect(second.status).toBe(200);
    const firstAnswer = await slow.finish();
    expect(firstAnswer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);

    const first = await p.history(url, 'slow-first');
    const later = await p.history(url, requestIdOf(second));
    expect(Date.parse(first.receivedAt)).toBeLessThan(Date.parse(later.receivedAt));
    expect(first.sequence).toBeLessThan(later.sequence ?? 0);
    expect((await p.item(contentType, 'A-1'))?.name).toBe('second');
  });
});
