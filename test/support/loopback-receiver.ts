/** A webhook receiver on loopback for export tests: records what arrives, answers as told. */
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Respond = (request: ReceivedRequest, response: ServerResponse) => void;

export interface LoopbackReceiver {
  /** `http://127.0.0.1:<port>` (or `http://[::1]:<port>`), without a trailing slash. */
  origin: string;
  port: number;
  received: ReceivedRequest[];
  /** TCP connections accepted, whether or not a request followed. */
  connections(): number;
  close(): Promise<void>;
}

export const answerWith =
  (status: number, body = '', headers: Record<string, string> = {}): Respond =>
  (_request, response) => {
    response.writeHead(status, headers).end(body);
  };

export async function startReceiver(
  respond: Respond,
  host: '127.0.0.1' | '::1' = '127.0.0.1',
): Promise<LoopbackReceiver> {
  const received: ReceivedRequest[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      respond(entry, response);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: host === '::1' ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`,
    port,
    received,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
