/**
 * The API's HTTP server: the app behind Node's server with the request and header timeouts of
 * the configuration, checked every second (Node's default check runs every 30 s, which would let
 * a slow client hold a connection half a minute past its timeout).
 */
import { createServer, type Server } from 'node:http';
import type { Express } from 'express';

export interface ServerTimeouts {
  HTTP_REQUEST_TIMEOUT_MS: number;
  HTTP_HEADERS_TIMEOUT_MS: number;
}

const CONNECTIONS_CHECK_MS = 1_000;

/** Listening on `port` (0: any free one) of `host` (undefined: every interface) once resolved. */
export async function listen(
  app: Express,
  timeouts: ServerTimeouts,
  port: number,
  host?: string,
): Promise<Server> {
  const server = createServer(
    {
      requestTimeout: timeouts.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeout: timeouts.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
    },
    app,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
