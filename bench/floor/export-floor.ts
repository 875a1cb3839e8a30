/**
 * The export floor: the least a Node process must do to deliver changes of items already stored.
 * Given the items a request wrote (the same JSON body), it reads them from `items` in batches of
 * 50 by `_id` and POSTs each batch, as the export's delivery body, to the same receiver, 4 in
 * flight as the export's 4 lanes are: no change log, no cursor, no signing, no delivery records.
 * A batch is one `$in` of `_id`s: an index lookup, as the product's own reads of changed items
 * are.
 *
 * Warm: the whole delivery done once unmeasured first (the export's own runs have no warm-up beyond
 * what the workers did before). Spawned by run-floor.ts; prints one JSON line: wall time from the
 * first read to the last answer, and the process's CPU over it.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { mongo } from 'mongoose';
import { deliveryBody, itemId, type ItemDocument, type SenderItem } from '../workload';

export interface ExportFloorReport {
  changes: number;
  wallMs: number;
  cpuMs: number;
}

const BATCH = 50;
const IN_FLIGHT = 4;

type Read = (ids: string[]) => Promise<ItemDocument[]>;

function post(agent: http.Agent, url: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume().on('end', () => {
          const ok = (response.statusCode ?? 0) < 300;
          if (ok) resolve();
          else reject(new Error(`the receiver answered ${response.statusCode}`));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Every batch of `ids` read and posted, IN_FLIGHT at once. */
async function deliver(ids: string[], read: Read, agent: http.Agent, url: string): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let start = next; start < ids.length; start = next) {
      next += BATCH;
      const documents = await read(ids.slice(start, start + BATCH));
      await post(agent, url, deliveryBody(documents));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mongo: { type: 'string' },
      body: { type: 'string' },
      tenant: { type: 'string' },
      'content-type': { type: 'string' },
      receiver: { type: 'string' },
    },
  });
  const { mongo: url, body: file, tenant, 'content-type': contentType, receiver } = values;
  if (!url || !file || !tenant || !contentType || !receiver) {
    throw new Error('usage: export-floor.ts --mongo URL --body FILE --tenant T --content-type C');
  }
  const client = await mongo.MongoClient.connect(url, { appName: 'bench-export-floor' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  try {
    const db = client.db();
    const items = db.collection<ItemDocument>('items');
    const read: Read = (ids) => items.find({ _id: { $in: ids } }).toArray();
    const body = JSON.parse(readFileSync(file, 'utf8')) as SenderItem[];
    const ids = body.map((item) => itemId(tenant, contentType, item.sku));
    await deliver(ids, read, agent, receiver);

    const cpu = process.cpuUsage();
    const started = performance.now();
    await deliver(ids, read, agent, receiver);
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const report: ExportFloorReport = {
      changes: ids.length,
      wallMs,
      cpuMs: (used.user + used.system) / 1_000,
    };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    agent.destroy();
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
