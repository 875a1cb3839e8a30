/**
 * The API's structural check of a 10,000-item POST body: the parse it did before (trim, bracket
 * count, JSON.parse) against the byte scan it does now, and the same items as NDJSON (a scan per
 * line). Median time and heap allocated per check,
 * over RUNS runs after WARM_UP unmeasured ones, in this one process.
 * Run: npx tsx bench/json-structure.bench.ts
 */
import { GCProfiler } from 'node:v8';
import { performance } from 'node:perf_hooks';
import { exceedsDepth } from '../api/http/json-depth';
import { checkFunnelBody, MAX_JSON_DEPTH } from '../api/http/funnel-body';
import { checkNdjsonBody } from '../api/http/ndjson-body';
import { scanJsonStructure } from '../api/http/json-structure';
import { median } from './stats';
import { makeItems } from './workload';

const ITEMS = 10_000;
const WARM_UP = 10;
const RUNS = 20;

/** What the check did before the scan, up to the item count. */
function parsingCheck(raw: Buffer): number {
  if (raw.toString('utf8').trim() === '') return 0;
  if (exceedsDepth(raw, MAX_JSON_DEPTH)) throw new Error('too deep');
  const body = JSON.parse(raw.toString('utf8')) as unknown;
  const entries: unknown[] = Array.isArray(body) ? body : [body];
  const bad = entries.findIndex((entry) => typeof entry !== 'object' || entry === null);
  if (bad >= 0) throw new Error(`Item [${bad}] is not an object`);
  return entries.length;
}

function scanningCheck(raw: Buffer): number {
  const structure = scanJsonStructure(raw, MAX_JSON_DEPTH);
  return structure.kind === 'array' ? structure.items : 0;
}

function newCheck(raw: Buffer): number {
  return checkFunnelBody('POST', raw, ITEMS).count;
}

function ndjsonCheck(raw: Buffer): number {
  return checkNdjsonBody('POST', raw, ITEMS).count;
}

/**
 * Heap allocated by one call: what is in use after it, less before it, plus what every garbage
 * collection during it freed (a scavenge in the middle would hide allocations otherwise).
 */
function measure(check: (raw: Buffer) => number, raw: Buffer): { ms: number; bytes: number } {
  const profiler = new GCProfiler();
  const before = process.memoryUsage().heapUsed;
  profiler.start();
  const started = performance.now();
  const count = check(raw);
  const ms = performance.now() - started;
  const after = process.memoryUsage().heapUsed;
  const collections = profiler.stop()?.statistics ?? [];
  if (count !== ITEMS) throw new Error(`counted ${count} items, not ${ITEMS}`);
  const freed = collections.reduce(
    (sum, gc) =>
      sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize,
    0,
  );
  return { ms, bytes: after - before + freed };
}

function main(): void {
  const items = makeItems('bench', ITEMS);
  const raw = Buffer.from(JSON.stringify(items));
  const ndjson = Buffer.from(items.map((item) => `${JSON.stringify(item)}\n`).join(''));
  const checks: Record<string, [(raw: Buffer) => number, Buffer]> = {
    'before: trim + exceedsDepth + JSON.parse': [parsingCheck, raw],
    'now: scanJsonStructure': [scanningCheck, raw],
    'now: checkFunnelBody (POST)': [newCheck, raw],
    'now: checkNdjsonBody (POST, NDJSON)': [ndjsonCheck, ndjson],
  };
  const rows: Record<string, Record<string, number>> = {};
  for (const [name, [check, raw]] of Object.entries(checks)) {
    for (let run = 0; run < WARM_UP; run++) check(raw);
    const runs = Array.from({ length: RUNS }, () => measure(check, raw));
    rows[name] = {
      'median ms': Number(median(runs.map((run) => run.ms)).toFixed(2)),
      'min ms': Number(Math.min(...runs.map((run) => run.ms)).toFixed(2)),
      'median heap allocated KiB': Math.round(median(runs.map((run) => run.bytes)) / 1024),
    };
  }
  console.log(`${ITEMS} items, ${(raw.length / 1024 / 1024).toFixed(2)} MiB body, ${RUNS} runs`);
  console.table(rows);
}

main();
