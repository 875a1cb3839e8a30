/**
 * The write floor: the least a Node process must do to write a request's items. It reads the same
 * JSON body from a file, builds the same documents (`_id` tenant:contentType:identifier, same
 * fields) and writes them with the driver alone: no HTTP, no queue, no validation, no history.
 *
 * - Default: one unordered bulkWrite of `_id` upserts, the way the product writes new items.
 * - `--each insert|upsert --in-flight N`: one `insertOne` or one `_id` upsert an item, N in flight
 *   (each sent when one is acknowledged), as N clients sending single items would have them.
 * - `--records FILE`: with what the product wrote beside the items (its change log and history
 *   record, records-beside.ts) in one transaction with the bulkWrite, or, with `--each`, with each
 *   item those of the lone request that wrote it; each step timed.
 *
 * Measured as the product is (bench/measure/method.ts): warm, the same work first done unmeasured
 * into scratch collections dropped after each round (warmUp below); then the measured write
 * into `items`, its wall time from reading the file to the last acknowledgement, and the
 * process's own CPU to SETTLE_MS after it. Spawned by run-floor.ts; prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { mongo } from 'mongoose';
import { SETTLE_MS, WARM_ROUNDS, WARM_SINGLE_ITEMS, sleep } from '../measure/method';
import { newItemDocument, upsertOperation, type ItemDocument, type SenderItem } from '../workload';
import {
  medianSteps,
  readRecords,
  recordCollections,
  recordsOfRequest,
  writeWithRecords,
  type RecordCollections,
  type RecordSteps,
  type RecordsBeside,
} from './records-beside';

export interface FloorReport {
  items: number;
  /** From reading the file to the last write acknowledged. */
  wallMs: number;
  /** The process's own user + system CPU, from reading the file to SETTLE_MS after that. */
  cpuMs: number;
  /** With `--each`: each write's latency. */
  latenciesMs?: number[];
  /** With `--records`: the wall time of each step (with `--each`, the median of the items'). */
  steps?: RecordSteps;
}

/** Where a write goes: the store's collections, or a warm-up's scratch ones. */
interface Target {
  client: mongo.MongoClient;
  items: mongo.Collection<ItemDocument>;
  records: RecordCollections;
}

const targetIn = (client: mongo.MongoClient, db: mongo.Db, prefix = ''): Target => ({
  client,
  items: db.collection<ItemDocument>(`${prefix}items`),
  records: recordCollections(db, prefix),
});

/** V8 optimises by how much code has run: a 1,000-item body is written ten times first. */
const MIN_WARMUP_ITEMS = 10_000;
/** With one command an item, a warm-up round writes at most this many, into a fresh collection. */
const MAX_WARMUP_EACH = 320;

interface Work {
  file: string;
  tenant: string;
  contentType: string;
  /** One command an item, and how many in flight; undefined: one bulkWrite. */
  each?: { upsert: boolean; inFlight: number };
  /** Written beside the bulkWrite's items, when given. */
  records?: RecordsBeside;
}

const readBody = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as SenderItem[];

async function writeBatch(
  collection: Target['items'],
  work: Work,
  body: SenderItem[],
  session?: mongo.ClientSession,
): Promise<void> {
  const now = new Date();
  const { tenant, contentType } = work;
  await collection.bulkWrite(
    body.map((item) => ({
      updateOne: { ...upsertOperation(tenant, contentType, item, now, now), upsert: true },
    })),
    { ordered: false, ...(session ? { session } : {}) },
  );
}

async function writeOne(
  collection: Target['items'],
  work: Work,
  item: SenderItem,
  session?: mongo.ClientSession,
): Promise<void> {
  const now = new Date();
  const { tenant, contentType } = work;
  const inSession = session ? { session } : {};
  if (work.each?.upsert) {
    const { filter, update } = upsertOperation(tenant, contentType, item, now, now);
    await collection.updateOne(filter, update, { upsert: true, ...inSession });
  } else {
    await collection.insertOne(newItemDocument(tenant, contentType, item, now, now), inSession);
  }
}

/**
 * One command an item, `inFlight` at once; each one's latency. With records, each item is written
 * with those of its own request around it, as the product writes a lone request's.
 */
async function writeEach(
  target: Target,
  work: Work,
  body: SenderItem[],
  inFlight: number,
): Promise<Pick<FloorReport, 'latenciesMs' | 'steps'>> {
  const latencies: number[] = [];
  const stepsOfEach: RecordSteps[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < body.length; i = next++) {
      const item = body[i] as SenderItem;
      const writeItem = (session?: mongo.ClientSession) =>
        writeOne(target.items, work, item, session);
      const started = performance.now();
      if (work.records) {
        const records = recordsOfRequest(work.records, i);
        stepsOfEach.push(await writeWithRecords(target.client, target.records, records, writeItem));
      } else {
        await writeItem();
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return { latenciesMs: latencies, ...(work.records ? { steps: medianSteps(stepsOfEach) } : {}) };
}

/** Reads the file (its first `limit` items), builds the documents, writes them. */
async function write(
  target: Target,
  work: Work,
  limit = Infinity,
): Promise<Omit<FloorReport, 'wallMs' | 'cpuMs'>> {
  const body = readBody(work.file).slice(0, limit);
  if (work.each) {
    return { items: body.length, ...(await writeEach(target, work, body, work.each.inFlight)) };
  }
  const writeItems = (session?: mongo.ClientSession) =>
    writeBatch(target.items, work, body, session);
  if (!work.records) {
    await writeItems();
    return { items: body.length };
  }
  const steps = await writeWithRecords(target.client, target.records, work.records, writeItems);
  return { items: body.length, steps };
}

/**
 * The measured work, done unmeasured into scratch collections dropped after each round: at least
 * WARM_ROUNDS times, a batch until MIN_WARMUP_ITEMS were written, single items until
 * WARM_SINGLE_ITEMS were.
 */
async function warmUp(client: mongo.MongoClient, db: mongo.Db, work: Work): Promise<void> {
  const scratch = targetIn(client, db, 'floor_warmup_');
  let written = 0;
  for (let round = 1; ; round++) {
    written += (await write(scratch, work, work.each ? MAX_WARMUP_EACH : Infinity)).items;
    const { changes, history } = scratch.records;
    const dropped: { drop(): Promise<boolean> }[] = [scratch.items, changes, history];
    await Promise.all(dropped.map((collection) => collection.drop().catch(() => false)));
    const enough = work.each ? WARM_SINGLE_ITEMS : MIN_WARMUP_ITEMS;
    if (round >= WARM_ROUNDS && written >= enough) return;
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
      records: { type: 'string' },
    },
  });
  const { mongo: url, body: file, tenant, 'content-type': contentType, each } = values;
  if (!url || !file || !tenant || !contentType) {
    throw new Error('usage: floor.ts --mongo URL --body FILE --tenant T --content-type C');
  }
  const client = await mongo.MongoClient.connect(url, { appName: 'bench-floor' });
  try {
    const db = client.db();
    const inFlight = Number(values['in-flight']);
    const work: Work = {
      file,
      tenant,
      contentType,
      ...(each ? { each: { upsert: each === 'upsert', inFlight } } : {}),
      ...(values.records ? { records: readRecords(values.records) } : {}),
    };
    await warmUp(client, db, work);

    const cpu = process.cpuUsage();
    const started = performance.now();
    const written = await write(targetIn(client, db), work);
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
