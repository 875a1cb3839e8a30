/** Listening on the first free port of a range, so that workers sharing a host and a setting all start. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { formatPortRange, type PortRange } from '../../core/platform/port-range';

function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

const isAddressInUse = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';

/**
 * Tries each port of `range` in turn on `host` and resolves with the one taken. Only a port in
 * use moves on to the next: any other failure (no such address, no permission) is the answer for
 * every port, so it rejects at once.
 */
export async function listenInRange(
  server: Server,
  host: string,
  range: PortRange,
): Promise<number> {
  let lastRefusal: unknown;
  for (let port = range.first; port <= range.last; port += 1) {
    try {
      await listenOn(server, port, host);
      return listeningPort(server);
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
      lastRefusal = error;
    }
  }
  const ports = formatPortRange(range);
  const which = range.first === range.last ? `port ${ports} is` : `every port of ${ports} is`;
  throw new Error(`WORKER_METRICS_PORT ${ports}: ${which} in use on ${host}`, {
    cause: lastRefusal,
  });
}

export function listeningPort(server: Server): number {
  return (server.address() as AddressInfo).port;
}
