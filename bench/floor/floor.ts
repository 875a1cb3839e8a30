/**
 * The write floor: the least a Node process must do to write a request's items. It reads the same
 * JSON body from a file, builds the same documents (`_id` tenant:contentType:identifier, same
 * fields) and writes them with the driver alone: no HTTP, no queue, no validation, no history.
 *
 * - Default: one unordered bulkWrite, the way the product writes new items on the engine: on
 *   FerretDB v1 `insertOne`s (one `insert` command, what the product's insertMany sends there), on
 *   MongoDB `_id` upserts.
 * - `--each insert|upsert --in-flight N`: one `insertOne` or one `_id` upsert an item, N in flight
 *   (each sent when one is acknowledged), as N clients sending single items would have them.
 *
 * Measured as the product is (bench/measure/method.ts): warm, the same work first done WARM_ROUNDS
 * times unmeasured into a scratch collection dropped after each round; then the measured write
 * into `items`, its wall time from reading the file to the last acknowledgement, and the
 * process's own CPU to SETTLE_MS after it. Spawned by run-floor.ts; prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { mongo } from 'mongoose';
import { SETTLE_MS, WARM_ROUNDS, sleep } from '../measure/method';
import { newItemDocument, upsertOperation, type ItemDocument, type SenderItem } from '../workload';

export interface FloorReport {
  items: number;
  /** From reading the file to the last write acknowledged. */
  wallMs: number;
  /** The process's own user + system CPU, from reading the file to SETTLE_MS after that. */
  cpuMs: number;
  /** With `--each`: each write's latency. */
  latenciesMs?: number[];
}

type Items = mongo.Collection<ItemDocument>;

/** V8 optimises by how much code has run: a 1,000-item body is written ten times first. */
const MIN_WARMUP_ITEMS = 10_000;
/**
 * With one command an item, a warm-up round writes at most this many: enough for 32 in flight to
 * open their connections and warm the path, where a slow engine's 1,000 upserts take a minute.
 */
const MAX_WARMUP_EACH = 320;

interface Work {
  file: string;
  tenant: string;
  contentType: string;
  /** The batch's operations: upserts on MongoDB, inserts on FerretDB v1. */
  upsert: boolean;
  /** One command an item, and how many in flight; undefined: one bulkWrite. */
  each?: { upsert: boolean; inFlight: number };
}

const readBody = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as SenderItem[];

async function writeBatch(collection: Items, work: Work, body: SenderItem[]): Promise<void> {
  const now = new Date();
  const { tenant, contentType } = work;
  await collection.bulkWrite(
    body.map((item) =>
      work.upsert
        ? { updateOne: { ...upsertOperation(tenant, contentType, item, now, now), upsert: true } }
        : { insertOne: { document: newItemDocument(tenant, contentType, item, now, now) } },
    ),
    { ordered: false },
  );
}

async function writeOne(collection: Items, work: Work, item: SenderItem): Promise<void> {
  const now = new Date();
  const { tenant, contentType } = work;
  if (work.each?.upsert) {
    const { filter, update } = upsertOperation(tenant, contentType, item, now, now);
    await collection.updateOne(filter, update, { upsert: true });
  } else {
    await collection.insertOne(newItemDocument(tenant, contentType, item, now, now));
  }
}

/** One command an item, `inFlight` at once; each one's latency. */
async function writeEach(
  collection: Items,
  work: Work,
  body: SenderItem[],
  inFlight: number,
): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < body.length; i = next++) {
      const started = performance.now();
      await writeOne(collection, work, body[i] as SenderItem);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return latencies;
}

/** Reads the file (its first `limit` items), builds the documents, writes them. */
async function write(
  collection: Items,
  work: Work,
  limit = Infinity,
): Promise<Omit<FloorReport, 'wallMs' | 'cpuMs'>> {
  const body = readBody(work.file).slice(0, limit);
  if (work.each) {
    const latenciesMs = await writeEach(collection, work, body, work.each.inFlight);
    return { items: body.length, latenciesMs };
  }
  await writeBatch(collection, work, body);
  return { items: body.length };
}

/**
 * The measured work, done unmeasured into a scratch collection dropped after each round: at least
 * WARM_ROUNDS times, and a batch until MIN_WARMUP_ITEMS were written.
 */
async function warmUp(scratch: Items, work: Work): Promise<void> {
  let written = 0;
  for (let round = 1; ; round++) {
    written += (await write(scratch, work, work.each ? MAX_WARMUP_EACH : Infinity)).items;
    await scratch.drop();
    if (round >= WARM_ROUNDS && (work.each || written >= MIN_WARMUP_ITEMS)) return;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mongo: { type: 'string' },
      body: { type: 'string' },
      tenant: { type: 'string' },
      'content-type': { type: 'string' },
      each: { type: 'string' },
      'in-flight': { type: 'string', default: '1' },
    },
  });
  const { mongo: url, body: file, tenant, 'content-type': contentType, each } = values;
  if (!url || !file || !tenant || !contentType) {
    throw new Error('usage: floor.ts --mongo URL --body FILE --tenant T --content-type C');
  }
  const client = await mongo.MongoClient.connect(url, { appName: 'bench-floor' });
  try {
    const db = client.db();
    const info = await db.admin().command({ buildInfo: 1 });
    const inFlight = Number(values['in-flight']);
    const work: Work = {
      file,
      tenant,
      contentType,
      upsert: typeof info.ferretdbVersion !== 'string',
      ...(each ? { each: { upsert: each === 'upsert', inFlight } } : {}),
    };
    await warmUp(db.collection<ItemDocument>('floor_warmup'), work);

    const cpu = process.cpuUsage();
    const started = performance.now();
    const written = await write(db.collection<ItemDocument>('items'), work);
    const wallMs = performance.now() - started;
    await sleep(SETTLE_MS);
    const used = process.cpuUsage(cpu);
    const report: FloorReport = { ...written, wallMs, cpuMs: (used.user + used.system) / 1_000 };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
