import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { createApp } from '../../../api/app';
import { createLogger } from '../../../core/platform/logger';

describe('request ids and log lines', () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger('api', 'info', sink);
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = createApp({
      logger,
      readiness: () => Promise.resolve({ ready: true, engines: { redis: 'up', mongodb: 'up' } }),
      workerCount: () => Promise.resolve(1),
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('when the caller sends X-Request-Id, then it is echoed and on the log line', async () => {
    const response = await fetch(`${base}/healthz`, { headers: { 'X-Request-Id': 'sync-42.a' } });
    expect(response.headers.get('x-request-id')).toBe('sync-42.a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.at(-1)).toMatchObject({ requestId: 'sync-42.a', status: 200, path: '/healthz' });
  });

  it('when the offered id is not a sane token, then a new one is made', async () => {
    const response = await fetch(`${base}/healthz`, {
      headers: { 'X-Request-Id': 'bad id with spaces and {braces}' },
    });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when a route does not exist, then 404 is JSON with the house shape', async () => {
    const response = await fetch(`${base}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 'error', message: 'Not found' });
  });

  it('when a request carries a token, then no log line holds it', async () => {
    await fetch(`${base}/healthz`, { headers: { Authorization: 'Bearer secret-token-value' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });

  it('sends security headers', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
