/**
 * The worker's own small HTTP server, on WORKER_METRICS_PORT: `/metrics` (Prometheus text) and
 * `/healthz` (200 while the worker takes jobs, 503 once it stops). A worker has no API port, so
 * this is what a scraper and a container health check talk to.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';

export interface MetricsServerDeps {
  registry: Registry;
  /** False once the worker no longer takes jobs (closing, or its loop has ended). */
  running: () => boolean;
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/** Listens on `port` of every interface (0: no server); rejects when the port is taken. */
export async function startMetricsServer(
  port: number,
  deps: MetricsServerDeps,
): Promise<Server | undefined> {
  if (port === 0) return undefined;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'application/json', JSON.stringify({ status: 'error', message: 'GET only' }));
    } else if (path === '/metrics') {
      deps.registry.metrics().then(
        (text) => send(res, 200, deps.registry.contentType, text),
        () => send(res, 500, 'text/plain', 'metrics could not be collected\n'),
      );
    } else if (path === '/healthz') {
      const running = deps.running();
      send(
        res,
        running ? 200 : 503,
        'application/json',
        JSON.stringify(running ? { status: 'ok' } : { status: 'error', message: 'not running' }),
      );
    } else {
      send(res, 404, 'application/json', JSON.stringify({ status: 'error', message: 'not found' }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
