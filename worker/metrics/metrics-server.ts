/**
 * The worker's own small HTTP server, on WORKER_METRICS_HOST and a port of WORKER_METRICS_PORT:
 * `/metrics` (Prometheus text) and `/healthz` (200 while the worker takes jobs, 503 once it
 * stops). A worker has no API port, so this is what a scraper and a container health check talk to.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import type { WorkerConfig } from '../../core/platform/config';
import { listenInRange } from './listen-in-range';

/** Where to listen: the ports to try, the first free one taken ('off': no server), on a host. */
export type MetricsAddress = Pick<WorkerConfig, 'WORKER_METRICS_PORT' | 'WORKER_METRICS_HOST'>;

export interface MetricsServerDeps {
  registry: Registry;
  /** False once the worker no longer takes jobs (closing, or its loop has ended). */
  running: () => boolean;
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/** Listens on the first free port of the range; rejects, naming the range, when all are taken. */
export async function startMetricsServer(
  address: MetricsAddress,
  deps: MetricsServerDeps,
): Promise<Server | undefined> {
  const ports = address.WORKER_METRICS_PORT;
  if (ports === 'off') return undefined;
  // Known once listening; /healthz tells which of the range's ports this worker took.
  let port = 0;
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
        JSON.stringify(
          running ? { status: 'ok', port } : { status: 'error', message: 'not running', port },
        ),
      );
    } else {
      send(res, 404, 'application/json', JSON.stringify({ status: 'error', message: 'not found' }));
    }
  });
  port = await listenInRange(server, address.WORKER_METRICS_HOST, ports);
  return server;
}
