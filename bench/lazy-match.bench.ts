/**
 * Lazy matching (docs/api-behaviour.md#lazy-comparison), in two parts:
 * 1. the rule alone, on the worst requests the limits allow: MAX_ITEMS identifiers of 256
 *    characters cut into as many segments as they can hold, against a content type holding
 *    identifiers of every length, so that every run is wanted; and the two requests that froze
 *    processes before the bound (240 long identifiers in a preview, 600 in a funnel POST);
 * 2. a usual request through the store: 10,000 identifiers with a prefix and a suffix against
 *    10,000 stored items, on the local engine.
 * Prints figures; asserts nothing. Run: npx tsx bench/lazy-match.bench.ts (starts its own engines
 * unless MONGO_URL is set).
 */
import { performance } from 'node:perf_hooks';
import { collections } from '../core/storage/collections';
import { openStorageEngine } from '../core/storage/engines/open-storage-engine';
import { connectMongo } from '../core/mongo/connection';
import { createLogger } from '../core/platform/logger';
import { lazyLookup } from '../core/domain/lazy-lookup';
import { resolveLazy } from '../core/domain/lazy-match';
import { IDENTIFIER_MAX_LENGTH } from '../core/domain/identifier';
import { ItemStore } from '../core/items/item-store';
import { resolveLazyIdentifiers } from '../core/ingest/lazy-resolver';
import { startLocalEngines } from '../scripts/local-engines';

const ITEMS = 10_000;
const RUNS = 5;

/** The median and the fastest of RUNS runs, in ms. */
function timed<T>(work: () => T): { result: T; median: number; min: number } {
  const times: number[] = [];
  let result = work();
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    result = work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { result, median: times[Math.floor(RUNS / 2)] ?? 0, min: times[0] ?? 0 };
}

/** `count` distinct identifiers of 256 characters: a tag, then one-letter segments. */
function longIdentifiers(count: number, segment: string): string[] {
  return Array.from({ length: count }, (_, i) => {
    const tag = i.toString(36).padStart(4, '0');
    return `${tag}-${segment.repeat(IDENTIFIER_MAX_LENGTH)}`.slice(0, IDENTIFIER_MAX_LENGTH);
  });
}

/** Every length a lower-cased identifier of at most 256 characters can have. */
const EVERY_LENGTH = Array.from({ length: 2 * IDENTIFIER_MAX_LENGTH }, (_, i) => i + 1);

function ruleAlone(): void {
  const cases = {
    'worst: 10,000 x 256 chars, 128 segments': longIdentifiers(ITEMS, 'a-'),
    'worst: 10,000 x 256 chars, 16 segments': longIdentifiers(ITEMS, 'abcdefghijklmno-'),
    'froze the API: 240 x 256 chars (preview)': longIdentifiers(240, 'ab-'),
    'froze a worker: 600 x 256 chars (POST)': longIdentifiers(600, 'ab-'),
  };
  const rows: Record<string, Record<string, number>> = {};
  for (const [name, incoming] of Object.entries(cases)) {
    const lookup = timed(() => lazyLookup(incoming, EVERY_LENGTH));
    const { keys, keysOf, refused } = lookup.result;
    // Each identifier then decides from what its keys found: here, as if each found itself.
    const resolve = timed(() => {
      for (const identifier of incoming) {
        const own = keysOf.get(identifier) ?? [];
        resolveLazy(identifier, undefined, own.slice(0, 8));
      }
    });
    rows[name] = {
      identifiers: incoming.length,
      'keys ($in size)': keys.length,
      'key characters': keys.reduce((sum, key) => sum + key.length, 0),
      'items refused': refused.size,
      'keys median ms': Math.round(lookup.median * 10) / 10,
      'keys min ms': Math.round(lookup.min * 10) / 10,
      'decide median ms': Math.round(resolve.median * 10) / 10,
    };
  }
  console.log('The rule alone, against every stored length:');
  console.table(rows);
}

async function throughTheStore(): Promise<void> {
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
      funnelId: 'bench',
    }));
    await store.upsert('bench', 'products', stored, { sequence: 1, receivedAt: new Date() });
    // Senders add prefixes and suffixes: "erp-SKU-00042-eu".
    const incoming = stored.map((item, i) => `erp-${item.identifier}-${i % 2 ? 'eu' : 'us'}`);
    const lookup = lazyLookup(incoming, await store.identifierLengths('bench', 'products'));

    const runs: number[] = [];
    let matched = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const resolutions = await resolveLazyIdentifiers(store, 'bench', 'products', incoming);
      runs.push(performance.now() - started);
      matched = [...resolutions.values()].filter((r) => r.kind === 'match').length;
    }
    runs.sort((a, b) => a - b);
    console.log('A usual request through the store:');
    console.table({
      engine: `${engine.name} ${engine.version}`,
      'incoming identifiers': ITEMS,
      'stored identifiers': ITEMS,
      'lookup keys ($in size)': lookup.keys.length,
      'matched lazily': matched,
      'resolution median ms': Math.round(runs[Math.floor(RUNS / 2)] ?? 0),
      'resolution min ms': Math.round(runs[0] ?? 0),
    });
  } finally {
    await mongo.dropDatabase();
    await mongo.close();
    await engines?.stop();
  }
}

async function main(): Promise<void> {
  ruleAlone();
  await throughTheStore();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
