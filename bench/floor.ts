/**
 * The floor: the least a Node process must do to write a request's items. It reads the same JSON
 * body from a file, builds the same documents (`_id` tenant:contentType:identifier, same fields)
 * and writes them with one driver `bulkWrite`, with no HTTP, no queue, no validation and no
 * history. Its operations follow what the product sends for new items on the engine: `insertOne`s
 * on FerretDB v1 (see `operations`), unordered `_id` upserts on MongoDB.
 *
 * What is measured: a warm process, as the product's API and workers are after their warm-up
 * runs. The floor first does the same work unmeasured (reads and parses the same file, builds the
 * same documents, writes them) into a scratch collection, dropped after each round, so that the
 * store the measured write meets is the one a fresh process would meet; a cold process would also
 * count V8 compiling the driver's and BSON's code, which flatters the product's CPU ratio. Then
 * it writes into `items` and reports the wall time from reading the body file to the last
 * acknowledgement, and its own `process.cpuUsage()` from reading the file to SETTLE_MS after that
 * acknowledgement, as the product's CPU is read SETTLE_MS after its answer (measurement.ts).
 *
 * Spawned by the benchmark, one process per measurement; prints one JSON line:
 *   node --import tsx bench/floor.ts --mongo URL --body FILE --tenant T --content-type C
 *     [--mode auto|insert|upsert] [--single [--in-flight N]]
 * `--single` writes the items one command each and reports each command's latency instead, after
 * a few unmeasured commands of the same kind into the scratch collection. With `--in-flight N`,
 * N commands are in flight at once (each starts when one is acknowledged), as N clients sending
 * single items would have them; its warm-up writes the whole body WARM_ROUNDS times at that
 * concurrency, which also opens the N pooled connections the measured writes then use.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { mongo } from 'mongoose';
import type { ItemDocument } from '../core/items/item';
import { SETTLE_MS, WARM_ROUNDS } from './measurement';
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

type Items = mongo.Collection<ItemDocument>;

/** Where the warm-up writes; dropped after each round. */
const SCRATCH_COLLECTION = 'floor_warmup';
/**
 * The batch warm-up writes the measured body WARM_ROUNDS times (bench/measurement.ts), and at
 * least this many items: V8 optimises code by how much of it has run, so a 1,000-item body is
 * written ten times.
 */
const MIN_WARMUP_ITEMS = 10_000;
/** Unmeasured single commands before `--single` times its own. */
const WARMUP_COMMANDS = 20;

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1_000;
}

async function detectMode(db: mongo.Db): Promise<FloorMode> {
  const info = await db.admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion === 'string' ? 'insert' : 'upsert';
}

function readBody(file: string): SenderItem[] {
  return JSON.parse(readFileSync(file, 'utf8')) as SenderItem[];
}

/**
 * The bulkWrite operations for new items. On FerretDB v1 the driver sends a bulkWrite of
 * `insertOne`s as one `insert` command (its own `insertMany` is that very bulkWrite), which is
 * what the product sends for new items there: an update costs milliseconds there and a command of
 * 100 or more updates never answers.
 */
function operations(
  mode: FloorMode,
  body: SenderItem[],
  tenant: string,
  contentType: string,
): mongo.AnyBulkWriteOperation<ItemDocument>[] {
  const receivedAt = new Date();
  const now = new Date();
  if (mode === 'insert') {
    return body.map((item) => ({
      insertOne: { document: newItemDocument(tenant, contentType, item, receivedAt, now) },
    }));
  }
  return body.map((item) => ({
    updateOne: { ...upsertOperation(tenant, contentType, item, receivedAt, now), upsert: true },
  }));
}

/** Reads the body file, builds its documents and writes them in one bulkWrite; returns how many. */
async function writeFile(
  collection: Items,
  mode: FloorMode,
  file: string,
  tenant: string,
  contentType: string,
): Promise<number> {
  const body = readBody(file);
  await collection.bulkWrite(operations(mode, body, tenant, contentType), { ordered: false });
  return body.length;
}

async function writeOne(
  collection: Items,
  mode: FloorMode,
  item: SenderItem,
  tenant: string,
  contentType: string,
): Promise<void> {
  const receivedAt = new Date();
  if (mode === 'insert') {
    await collection.insertOne(newItemDocument(tenant, contentType, item, receivedAt, receivedAt));
  } else {
    const { filter, update } = upsertOperation(tenant, contentType, item, receivedAt, receivedAt);
    await collection.updateOne(filter, update, { upsert: true });
  }
}

/** Each item in a command of its own, `inFlight` commands at once; each command's latency. */
async function writeEach(
  collection: Items,
  mode: FloorMode,
  body: SenderItem[],
  tenant: string,
  contentType: string,
  inFlight = 1,
): Promise<number[]> {
  const latencies: number[] = new Array<number>(body.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < body.length; i = next++) {
      const started = performance.now();
      await writeOne(collection, mode, body[i] as SenderItem, tenant, contentType);
      latencies[i] = performance.now() - started;
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, body.length) }, lane));
  return latencies;
}

/** The measured batch write, done unmeasured into the scratch collection until warm. */
async function warmUpBatch(
  scratch: Items,
  mode: FloorMode,
  file: string,
  tenant: string,
  contentType: string,
): Promise<void> {
  let written = 0;
  for (let round = 1; ; round++) {
    written += await writeFile(scratch, mode, file, tenant, contentType);
    await scratch.drop();
    if (written === 0 || (round >= WARM_ROUNDS && written >= MIN_WARMUP_ITEMS)) return;
  }
}

/**
 * Single commands like the measured ones, unmeasured, into the scratch collection: a few one at a
 * time; with several in flight the whole body WARM_ROUNDS times at that concurrency, so that the
 * pool's connections are open and the concurrent path is as warm as the batch write's.
 */
async function warmUpSingles(
  scratch: Items,
  mode: FloorMode,
  file: string,
  tenant: string,
  contentType: string,
  inFlight: number,
): Promise<void> {
  const all = readBody(file);
  const body = inFlight > 1 ? all : all.slice(0, WARMUP_COMMANDS);
  if (body.length === 0) return;
  for (let round = 1; round <= (inFlight > 1 ? WARM_ROUNDS : 1); round++) {
    await writeEach(scratch, mode, body, tenant, contentType, inFlight);
    await scratch.drop();
  }
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
      'in-flight': { type: 'string', default: '1' },
    },
  });
  const { mongo: url, body: file, tenant, 'content-type': contentType } = values;
  if (!url || !file || !tenant || !contentType) {
    throw new Error('usage: floor.ts --mongo URL --body FILE --tenant T --content-type C');
  }
  const inFlight = Number(values['in-flight']);
  if (!Number.isInteger(inFlight) || inFlight < 1) throw new Error('--in-flight: an integer ≥ 1');
  const client = await mongo.MongoClient.connect(url, { appName: 'bench-floor' });
  try {
    const db = client.db();
    const mode = values.mode === 'auto' ? await detectMode(db) : (values.mode as FloorMode);
    const items = db.collection<ItemDocument>('items');
    const scratch = db.collection<ItemDocument>(SCRATCH_COLLECTION);
    await db.command({ ping: 1 });
    if (values.single) await warmUpSingles(scratch, mode, file, tenant, contentType, inFlight);
    else await warmUpBatch(scratch, mode, file, tenant, contentType);

    const cpu = process.cpuUsage();
    const started = performance.now();
    let count: number;
    let latenciesMs: number[] | undefined;
    if (values.single) {
      const body = readBody(file);
      latenciesMs = await writeEach(items, mode, body, tenant, contentType, inFlight);
      count = body.length;
    } else {
      count = await writeFile(items, mode, file, tenant, contentType);
    }
    const wallMs = performance.now() - started;
    // As the product's CPU is read SETTLE_MS after its answer: the collection of what the write
    // left counts too.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const report: FloorReport = {
      mode,
      items: count,
      wallMs,
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
