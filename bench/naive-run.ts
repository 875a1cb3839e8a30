/**
 * Scenario 4: the same batch through bench/naive-server.ts (one `updateOne` per item), timed like
 * the product's, with the naive server's own CPU time.
 */
import { freePort } from '../scripts/local-engines';
import { LaunchedProcess } from '../scripts/processes/launched-process';
import { batchBody } from './batch';
import { assertSuccess, postItems } from './client';
import type { BenchContext } from './context';
import { CpuMeter } from './cpu-meter';
import { repeat } from './repeat';

export interface NaiveRun {
  items: number;
  wallMs: number;
  itemsPerSecond: number;
  /** CPU ms of the naive server process. */
  cpuMs: number;
  databaseCpuMs: number;
}

export async function runNaive(
  context: BenchContext,
  size: number,
  counts: { warmup: number; runs: number },
): Promise<NaiveRun[]> {
  const port = await freePort();
  const server = await LaunchedProcess.launch({
    name: 'naive server',
    entry: 'bench/naive-server.ts',
    tsx: true,
    env: { PORT: String(port), MONGO_URL: context.engines.mongoUrl, TENANT: context.target.tenant },
    readyMessage: 'naive listening',
    readyTimeoutMs: 30_000,
    keepLines: 'until-ready',
  });
  const url = `http://127.0.0.1:${port}/items/${context.target.contentType}`;
  const database = context.engines.pids.mongo;
  try {
    return await repeat(context, `naive ${size}`, counts, async () => {
      const body = batchBody(size);
      const meter = await CpuMeter.start({
        naive: [server.pid],
        database: database ? [database] : [],
      });
      const result = await postItems(url, '', body);
      const cpu = await meter.stop();
      assertSuccess(result, `the naive route with ${size} items`);
      return {
        items: size,
        wallMs: result.ms,
        itemsPerSecond: (size / result.ms) * 1_000,
        cpuMs: cpu.groups.naive ?? 0,
        databaseCpuMs: cpu.groups.database ?? 0,
      };
    });
  } finally {
    await server.stop();
  }
}
