/**
 * The export scenario's receiver: a plain Node HTTP server on loopback that answers 204 at once
 * and notes when each change arrived. Also the reference: how many changes per second the same
 * receiver takes when the bench posts batches to it directly (no signing, no store, no queue).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface BenchReceiver {
  url: string;
  /** Per change, by `identifier@version`, when it first arrived (epoch ms). */
  arrivals: Map<string, number>;
  changes(): number;
  close(): Promise<void>;
}

interface Body {
  changes?: { identifier: string; version: number }[];
}

export async function startBenchReceiver(): Promise<BenchReceiver> {
  const arrivals = new Map<string, number>();
  let count = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const now = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Body;
      for (const change of body.changes ?? []) {
        count += 1;
        const key = `${change.identifier}@${change.version}`;
        if (!arrivals.has(key)) arrivals.set(key, now);
      }
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals,
    changes: () => count,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Changes per second the receiver takes in POSTs of `batch` changes, `inFlight` at a time. */
export async function rawPostRate(
  receiver: BenchReceiver,
  body: (i: number) => string,
  options: { posts: number; inFlight: number; batch: number },
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.inFlight });
  const post = (payload: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        receiver.url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (response) => {
          response.resume();
          response.on('end', resolve);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.inFlight }, async () => {
      while (next < options.posts) {
        next += 1;
        await post(body(next));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return (options.posts * options.batch) / seconds;
}
