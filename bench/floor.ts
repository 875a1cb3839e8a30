/**
 * The floor: the least a Node process must do to write a request's items. It reads the same JSON
 * body from a file, builds the same documents (`_id` tenant:contentType:identifier, same fields)
 * and writes them with one driver call, with no HTTP, no queue, no validation and no history.
 * How it writes follows what the product does for new items on the engine: `insertMany` on
 * FerretDB v1 (where the product inserts new items, as an update costs milliseconds there and a
 * command of 100 or more updates never answers), one unordered `bulkWrite` of `_id` upserts on
 * MongoDB.
 *
 * Spawned by the benchmark, one process per measurement; prints one JSON line:
 *   node --import tsx bench/floor.ts --mongo URL --body FILE --tenant T --content-type C
 *     [--mode auto|insert|upsert] [--single]
 * `--single` writes the items one command each and reports each command's latency instead.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { mongo } from 'mongoose';
import type { ItemDocument } from '../core/items/item';
import { newItemDocument, upsertOperation, type SenderItem } from './workload';

export type FloorMode = 'insert' | 'upsert';

/** What one floor process reports. */
export interface FloorReport {
  mode: FloorMode;
  items: number;
  /** From reading the file to the last write acknowledged. */
  wallMs: number;
  /** The process's own user + system CPU over the same span. */
  cpuMs: number;
  /** With `--single`: each command's latency, in order. */
  latenciesMs?: number[];
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1_000;
}

async function detectMode(db: mongo.Db): Promise<FloorMode> {
  const info = await db.admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion === 'string' ? 'insert' : 'upsert';
}

async function writeAll(
  items: mongo.Collection<ItemDocument>,
  mode: FloorMode,
  body: SenderItem[],
  tenant: string,
  contentType: string,
): Promise<void> {
  const receivedAt = new Date();
  const now = new Date();
  if (mode === 'insert') {
    const documents = body.map((item) =>
      newItemDocument(tenant, contentType, item, receivedAt, now),
    );
    await items.insertMany(documents, { ordered: false });
    return;
  }
  const operations = body.map((item) => ({
    updateOne: { ...upsertOperation(tenant, contentType, item, receivedAt, now), upsert: true },
  }));
  await items.bulkWrite(operations, { ordered: false });
}

async function writeEach(
  items: mongo.Collection<ItemDocument>,
  mode: FloorMode,
  body: SenderItem[],
  tenant: string,
  contentType: string,
): Promise<number[]> {
  const latencies: number[] = [];
  for (const item of body) {
    const started = performance.now();
    const receivedAt = new Date();
    if (mode === 'insert') {
      await items.insertOne(newItemDocument(tenant, contentType, item, receivedAt, receivedAt));
    } else {
      const { filter, update } = upsertOperation(tenant, contentType, item, receivedAt, receivedAt);
      await items.updateOne(filter, update, { upsert: true });
    }
    latencies.push(performance.now() - started);
  }
  return latencies;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mongo: { type: 'string' },
      body: { type: 'string' },
      tenant: { type: 'string' },
      'content-type': { type: 'string' },
      mode: { type: 'string', default: 'auto' },
      single: { type: 'boolean', default: false },
    },
  });
  const { mongo: url, body: file, tenant, 'content-type': contentType } = values;
  if (!url || !file || !tenant || !contentType) {
    throw new Error('usage: floor.ts --mongo URL --body FILE --tenant T --content-type C');
  }
  const client = await mongo.MongoClient.connect(url, { appName: 'bench-floor' });
  try {
    const db = client.db();
    const mode = values.mode === 'auto' ? await detectMode(db) : (values.mode as FloorMode);
    const items = db.collection<ItemDocument>('items');
    await db.command({ ping: 1 });

    const cpu = process.cpuUsage();
    const started = performance.now();
    const body = JSON.parse(readFileSync(file, 'utf8')) as SenderItem[];
    const latenciesMs = values.single
      ? await writeEach(items, mode, body, tenant, contentType)
      : (await writeAll(items, mode, body, tenant, contentType), undefined);
    const report: FloorReport = {
      mode,
      items: body.length,
      wallMs: performance.now() - started,
      cpuMs: cpuMs(cpu),
      ...(latenciesMs ? { latenciesMs } : {}),
    };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
