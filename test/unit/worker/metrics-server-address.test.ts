/**
 * Where the worker's metrics server listens: on WORKER_METRICS_HOST (loopback by default), on the
 * first free port of WORKER_METRICS_PORT, and nowhere when every port of it is taken.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Registry } from 'prom-client';
import { loadConfig } from '../../../core/platform/config';
import { startMetricsServer } from '../../../worker/metrics/metrics-server';
import { freePortRange, holdPorts } from '../../support/port-ranges';

const env = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  MONGO_URL: 'mongodb://127.0.0.1:27017/funnel-sync',
};
const deps = { registry: new Registry(), running: () => true };

describe('the metrics server address', () => {
  const started: Server[] = [];
  const start = async (variables: Record<string, string>) => {
    const server = await startMetricsServer(loadConfig('worker', { ...env, ...variables }), deps);
    if (server) started.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => new Promise((done) => server.close(done))));
  });

  it('when WORKER_METRICS_HOST is unset, then it listens on 127.0.0.1 only', async () => {
    const range = await freePortRange(1);
    const server = await start({ WORKER_METRICS_PORT: range.setting });
    expect(server?.address()).toMatchObject({ address: '127.0.0.1', port: range.first });
  });

  it('when WORKER_METRICS_HOST is "::", then it listens on every interface', async () => {
    const range = await freePortRange(1);
    const server = await start({ WORKER_METRICS_PORT: range.setting, WORKER_METRICS_HOST: '::' });
    expect((server?.address() as AddressInfo).address).toBe('::');
  });

  it('when the first ports of the range are taken, then it takes the next and /healthz names it', async () => {
    const range = await freePortRange(3);
    const taken = await holdPorts({ ...range, last: range.first + 1, setting: '' });
    try {
      const server = await start({ WORKER_METRICS_PORT: range.setting });
      const port = (server?.address() as AddressInfo).port;
      expect(port).toBe(range.last);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', port });
    } finally {
      await taken.release();
    }
  });

  it('when every port of the range is taken, then it rejects naming the range and the host', async () => {
    const range = await freePortRange(2);
    const taken = await holdPorts(range);
    try {
      await expect(start({ WORKER_METRICS_PORT: range.setting })).rejects.toThrow(
        `WORKER_METRICS_PORT ${range.setting}: every port of ${range.setting} is in use on 127.0.0.1`,
      );
    } finally {
      await taken.release();
    }
  });

  it('when WORKER_METRICS_PORT is 0, then there is no server', async () => {
    expect(await start({ WORKER_METRICS_PORT: '0' })).toBeUndefined();
  });
});
