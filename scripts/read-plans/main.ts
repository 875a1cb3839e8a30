/**
 * `npm run read-plans`: how an engine serves each read the API sends (SERVICE_READS) for a small
 * tenant beside a large one. Against MONGO_URL (a database of its own: it is dropped first unless
 * SEED=0), it makes the service's indexes as the index command does, writes a large tenant "a" and a
 * small tenant "b" (seed-tenants.ts; LARGE_ITEMS, default 130,000), then asks `explain` of each of
 * b's reads and times it (the median of 5), and prints a Markdown table
 * (docs/storage.md#reads-and-their-indexes).
 */
import { connectMongo, databaseOf } from '../../core/mongo/connection';
import { collections } from '../../core/storage/collections';
import { openStorageEngine } from '../../core/storage/engines/open-storage-engine';
import { SERVICE_READS } from '../../core/storage/read-shapes';
import { planSummary } from './plan-summary';
import { readQuery, type ReadQuery } from './read-queries';
import { seedTenant } from './seed-tenants';

const RUNS = 5;

function largeTenant(items: number) {
  return {
    tenant: 'a',
    items,
    historyRecords: items,
    identifiersPerRecord: 5,
    changeBatches: Math.ceil(items / 10),
    syncs: 3_000,
    deliveries: Math.ceil(items / 2),
    users: 2_000,
  };
}
const SMALL_TENANT = {
  tenant: 'b',
  items: 200,
  historyRecords: 200,
  identifiersPerRecord: 5,
  changeBatches: 20,
  syncs: 20,
  deliveries: 100,
  users: 5,
};

async function main(): Promise<void> {
  const url = process.env.MONGO_URL;
  if (!url) throw new Error('Set MONGO_URL to a database this script may drop and fill');
  const connection = await connectMongo(url, 'funnel-sync-read-plans', { writeConcern: 1 });
  const raw = databaseOf(connection);
  const db = collections(connection);
  try {
    if (process.env.SEED !== '0') {
      await raw.dropDatabase();
      const engine = await openStorageEngine(connection);
      await engine.createIndexes(db);
      const started = Date.now();
      await seedTenant(raw, largeTenant(Number(process.env.LARGE_ITEMS ?? 130_000)));
      await seedTenant(raw, SMALL_TENANT);
      console.error(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    console.log('| read | filter / sort | index | keys / docs examined | ms |');
    console.log('| --- | --- | --- | --- | --: |');
    for (const shape of SERVICE_READS) {
      const query = readQuery(shape, SMALL_TENANT.tenant);
      const cursor = () => find(db, query);
      const plan = planSummary(await cursor().explain('executionStats'));
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const start = performance.now();
        await cursor().toArray();
        times.push(performance.now() - start);
      }
      const median = times.sort((x, y) => x - y)[Math.floor(RUNS / 2)] ?? 0;
      const index = plan.indexes.join(', ') || 'none (collection scan)';
      console.log(
        `| ${shape.read} | ${describe(query)} | ${index} (${plan.stages}) | ` +
          `${plan.keysExamined} / ${plan.docsExamined} | ${median.toFixed(1)} |`,
      );
    }
  } finally {
    await connection.close();
  }
}

function find(db: ReturnType<typeof collections>, query: ReadQuery) {
  const cursor = db[query.collection].find(query.filter);
  if (query.sort) cursor.sort(query.sort);
  if (query.limit) cursor.limit(query.limit);
  return cursor;
}

function describe(query: ReadQuery): string {
  const fields = Object.keys(query.filter).join(', ');
  const sort = query.sort
    ? ` / ${Object.entries(query.sort)
        .map(([field, dir]) => `${field} ${dir === 1 ? 'asc' : 'desc'}`)
        .join(', ')}`
    : '';
  return `\`${query.collection}\`: ${fields}${sort}`;
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
