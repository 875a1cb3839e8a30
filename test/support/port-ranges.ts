/** Ranges of TCP ports on 127.0.0.1 for tests of WORKER_METRICS_PORT: found free, or held taken. */
import { createServer, type Server } from 'node:net';
import { freePort } from '../../scripts/engines/engine-process';

export interface TestPortRange {
  first: number;
  last: number;
  /** As WORKER_METRICS_PORT takes it: `first-last`. */
  setting: string;
}

function listen(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const closeAll = (servers: Server[]) =>
  Promise.all(servers.map((server) => new Promise((done) => server.close(done))));

/** Holds every port of the range until `release`; rejects if one of them is already taken. */
export async function holdPorts(range: TestPortRange): Promise<{ release(): Promise<void> }> {
  const held: Server[] = [];
  for (let port = range.first; port <= range.last; port += 1) {
    const server = await listen(port);
    if (!server) {
      await closeAll(held);
      throw new Error(`port ${port} of ${range.setting} is taken`);
    }
    held.push(server);
  }
  return { release: async () => void (await closeAll(held)) };
}

/** `count` consecutive ports that were all free a moment ago. */
export async function freePortRange(count: number): Promise<TestPortRange> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const first = await freePort();
    const last = first + count - 1;
    if (last > 65_535) continue;
    const range = { first, last, setting: `${first}-${last}` };
    try {
      await (await holdPorts(range)).release();
      return range;
    } catch {
      // One of them is in use: try elsewhere.
    }
  }
  throw new Error(`no ${count} consecutive free ports found`);
}
