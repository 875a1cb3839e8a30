/**
 * The export's receiver: a plain Node HTTP server on loopback that answers 204 at once and notes
 * when each change first arrived. Also its reference: the changes per second it takes when the
 * bench POSTs deliveries to it directly (no signing, no store, no queue).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface Receiver {
  url: string;
  /** By `identifier@version`, when the change first arrived (epoch ms). */
  arrivals: Map<string, number>;
  /** How many of `keys` have arrived. */
  arrived(keys: Iterable<string>): number;
  close(): Promise<void>;
}

interface Delivery {
  changes?: { identifier: string; version: number }[];
}

/** The key of a new item's change: items new to the store are at their first version. */
export const changeKey = (identifier: string) => `${identifier}@1`;

export async function startReceiver(): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const now = Date.now();
      const delivery = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Delivery;
      for (const change of delivery.changes ?? []) {
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
    arrived: (keys) => [...keys].filter((key) => arrivals.has(key)).length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Changes per second the receiver takes: `posts` deliveries of `batch` changes, `inFlight` at once. */
export async function receiverRate(
  receiver: Receiver,
  body: string,
  options: { posts: number; inFlight: number; batch: number },
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.inFlight });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        receiver.url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (response) => response.resume().on('end', resolve),
      );
      request.on('error', reject);
      request.end(body);
    });
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.inFlight }, async () => {
      while (sent < options.posts) {
        sent += 1;
        await post();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1_000;
  agent.destroy();
  return (options.posts * options.batch) / seconds;
}
