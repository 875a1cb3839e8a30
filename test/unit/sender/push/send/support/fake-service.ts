/**
 * A stand-in for the service on 127.0.0.1: each test says how to answer, and reads back every
 * request as it arrived (body gunzipped).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: SeenRequest, seen: SeenRequest[]) => Reply;

export interface FakeService {
  url: string;
  seen: SeenRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export const LIMITS = { maxItems: 2, maxBodyBytes: 1_000_000 };

export async function startFakeService(): Promise<FakeService> {
  const seen: SeenRequest[] = [];
  let handler: Handler = () => ({ status: 200, body: { status: 'success', message: 'ok' } });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const gzipped = req.headers['content-encoding'] === 'gzip';
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: SeenRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: (gzipped ? gunzipSync(raw) : raw).toString('utf8'),
      };
      const reply: Reply =
        request.path === '/api/v1/limits' ? { status: 200, body: LIMITS } : handler(request, seen);
      if (request.path !== '/api/v1/limits') seen.push(request);
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    handle: (next) => (handler = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
