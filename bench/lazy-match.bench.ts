/**
 * A 10,000-item lazy request against 10,000 stored items: how many lookup keys and candidates
 * the indexed `$in` handles, and how long resolution takes, on the local engine.
 * Run: npx tsx bench/lazy-match.bench.ts (starts its own engines unless MONGO_URL is set).
 */
import { performance } from 'node:perf_hooks';
import { collections } from '../core/store/collections';
import { openStorageEngine } from '../core/engines/open-storage-engine';
import { connectMongo } from '../core/mongo/connection';
import { createLogger } from '../core/logging/logger';
import { lazyLookupKeys } from '../core/pipeline/lazy-match';
import { ItemStore } from '../core/items/item-store';
import { resolveLazyIdentifiers } from '../core/ingest/lazy-resolver';
import { startLocalEngines } from '../scripts/local-engines';

const ITEMS = 10_000;

async function main(): Promise<void> {
  const engines = process.env.MONGO_URL
    ? undefined
    : await startLocalEngines({ database: 'bench-lazy' });
  const mongo = await connectMongo(process.env.MONGO_URL ?? engines?.mongoUrl ?? '', 'bench');
  try {
    const engine = await openStorageEngine(mongo);
    const db = collections(mongo);
    await engine.ensureIndexes(db, createLogger('bench', 'silent'));
    const store = new ItemStore(db, engine);
    const stored = Array.from({ length: ITEMS }, (_, i) => ({
      identifier: `SKU-${String(i).padStart(5, '0')}`,
      set: { name: `Item ${i}`, properties: {} },
      unset: { fields: [], properties: [] },
      funnel: 'bench',
    }));
    await store.upsert('bench', 'products', stored, { sequence: 1, receivedAt: new Date() });
    // Senders add prefixes and suffixes: "erp-SKU-00042-eu".
    const incoming = stored.map((item, i) => `erp-${item.identifier}-${i % 2 ? 'eu' : 'us'}`);
    const keys = lazyLookupKeys(incoming, await store.identifierLengths('bench', 'products'));

    const runs: number[] = [];
    let matched = 0;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      const resolutions = await resolveLazyIdentifiers(store, 'bench', 'products', incoming);
      runs.push(performance.now() - started);
      matched = [...resolutions.values()].filter((r) => r.kind === 'match').length;
    }
    runs.sort((a, b) => a - b);
    console.table({
      engine: `${engine.name} ${engine.version}`,
      'incoming identifiers': ITEMS,
      'stored identifiers': ITEMS,
      'lookup keys ($in size)': keys.length,
      'matched lazily': matched,
      'resolution median ms': Math.round(runs[2] ?? 0),
      'resolution min ms': Math.round(runs[0] ?? 0),
    });
  } finally {
    await mongo.dropDatabase();
    await mongo.close();
    await engines?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
