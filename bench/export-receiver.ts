/**
 * The export scenario's receiver: a plain Node HTTP server on loopback that answers 204 at once
 * and notes when each change arrived. Also the reference: how many changes per second the same
 * receiver takes when the bench posts batches to it directly (no signing, no store, no queue).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { NewChange } from '../core/changes/change-record';
import { changeView } from '../core/changes/change-record';
import { itemView, type ItemDocument } from '../core/items/item';

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

/** A change of a new item, as the reference's bodies hold. */
function changeOf(identifier: string): NewChange {
  return {
    event: 'created',
    contentType: 'bench-products',
    identifier,
    version: 1,
    at: new Date(),
  };
}

/** The item a change of `changeOf` leaves. */
function itemOf(change: NewChange): ItemDocument {
  const { contentType, identifier, at } = change;
  return {
    _id: `:${contentType}:${identifier}`,
    tenant: '',
    contentType,
    identifier,
    identifierLower: identifier.toLowerCase(),
    name: `Product ${identifier}`,
    image: null,
    parent: null,
    properties: { price: 1, color: 'red', sizes: ['S', 'M'] },
    createdAt: at,
    updatedAt: at,
    receivedAt: at,
    sequence: 1,
    version: 1,
    funnelId: 'bench',
  };
}

/** The reference's body: a delivery of `batch` changes, as the export would send it. */
export function referenceBody(batch: number): string {
  return JSON.stringify({
    type: 'items.changed',
    exportId: 'reference',
    changes: Array.from({ length: batch }, (_, i) => {
      const change = changeOf(`R-${i}`);
      return changeView({ ...change, tenant: '', seq: i + 1, item: itemView(itemOf(change)) });
    }),
  });
}
