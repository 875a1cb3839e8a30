/**
 * The worker's CPU work on a 10,000-item POST before any store call, on the typical funnel of
 * bench/workload.ts (no transforms, no references, no lazy matching): mapItems, dedupeLastWins and
 * the reference check as prepareImport runs them; then the whole of prepareImport with a store
 * that is never asked. Each run maps a freshly parsed body, as a worker maps a new job's body.
 * Time over RUNS runs after WARM_UP unmeasured ones, without forcing collections, so that the
 * runs pay for the scavenges their allocations cause (the means show it; process CPU counts the
 * collector's helper threads too); then median heap allocated over RUNS runs, each after a full
 * collection. One process; the figures are per 10,000 items.
 * Run: npx tsx bench/mapping.bench.ts (tsx reads imported bindings through getters, which the
 * compiled build does not: compiled figures are lower).
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString, GCProfiler } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { dedupeLastWins, mapItems, type MappedItem } from '../core/domain/mapper';
import {
  checkReferences,
  hasReferences,
  referencedIdentifiers,
  storeLookup,
} from '../core/domain/references';
import type { ItemStore } from '../core/items/item-store';
import { contentTypeSchema } from '../core/domain/content-type';
import { funnelSchema } from '../core/domain/funnel';
import { prepareImport } from '../core/ingest/import-items';
import { median } from './stats';
import { CONTENT_TYPE_BODY, funnelBody, makeItems } from './workload';

const ITEMS = 10_000;
const WARM_UP = 15;
const RUNS = 60;
const CONTENT_TYPE = 'products';

const now = new Date();
const contentType = contentTypeSchema.parse({
  key: CONTENT_TYPE,
  ...CONTENT_TYPE_BODY,
  createdAt: now,
  updatedAt: now,
});
const funnel = funnelSchema.parse({
  ...funnelBody(CONTENT_TYPE, 'bench'),
  createdAt: now,
  updatedAt: now,
});

/** A full collection before each allocation run, so that it counts only its own garbage. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The typical funnel has no references: a store that is asked anything is a bench error. */
const unaskedStore = {
  existing: () => Promise.reject(new Error('the store was asked')),
} as unknown as ItemStore;

/** The reference check of prepareImport, with the lookups answered by an empty store. */
function checkAgainstEmptyStore(items: MappedItem[]): MappedItem[] {
  const found = new Map<string, Set<string>>();
  for (const contentTypeKey of referencedIdentifiers(items).keys()) {
    found.set(contentTypeKey, new Set());
  }
  return checkReferences(items, storeLookup(found), {
    contentType: CONTENT_TYPE,
    partialValidation: funnel.partialValidation,
  });
}

interface Stages {
  map: number;
  dedupe: number;
  references: number;
}

/**
 * mapItems, dedupeLastWins, then the reference check, as prepareImport runs them without lazy
 * matching (which would fold duplicates a second time) and without references to look up.
 */
function pipeline(body: unknown[], stages: Stages): number {
  const started = performance.now();
  const mapped = mapItems(body, funnel, contentType);
  const mappedAt = performance.now();
  const deduped = dedupeLastWins(mapped);
  const dedupedAt = performance.now();
  const checked = hasReferences(deduped) ? checkAgainstEmptyStore(deduped) : deduped;
  stages.map = mappedAt - started;
  stages.dedupe = dedupedAt - mappedAt;
  stages.references = performance.now() - dedupedAt;
  return checked.length;
}

async function wholePrepare(body: unknown[], raw: string): Promise<number> {
  const request = {
    tenant: 'bench',
    funnel,
    contentType,
    raw,
    parsed: body,
    receipt: { sequence: 1, receivedAt: now },
    dryRun: false,
  };
  const { writes } = await prepareImport(unaskedStore, request);
  return writes.length;
}

type Work = (body: unknown[], raw: string) => number | Promise<number>;

interface Timing {
  ms: number;
  /** CPU of the whole process, garbage collector threads included. */
  cpuMs: number;
}

/**
 * Time of one call on a freshly parsed body, with no collection forced before it: the
 * collections its allocations bring about fall in it or in a later run, as in a busy worker, so
 * means (not medians) show what they cost.
 */
async function time(work: Work, raw: string): Promise<Timing> {
  const body = JSON.parse(raw) as unknown[];
  const cpu = process.cpuUsage();
  const started = performance.now();
  const count = await work(body, raw);
  const ms = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  if (count !== ITEMS) throw new Error(`got ${count} items, not ${ITEMS}`);
  return { ms, cpuMs: (user + system) / 1000 };
}

/**
 * Heap allocated by one call on a fresh body, after a full collection: what is in use after it,
 * less before it, plus what every collection during it freed (a scavenge in the middle would hide
 * allocations otherwise).
 */
async function allocated(work: Work, raw: string): Promise<number> {
  collectGarbage();
  const body = JSON.parse(raw) as unknown[];
  const profiler = new GCProfiler();
  const before = process.memoryUsage().heapUsed;
  profiler.start();
  await work(body, raw);
  const after = process.memoryUsage().heapUsed;
  const collections = profiler.stop()?.statistics ?? [];
  const freed = collections.reduce(
    (sum, gc) =>
      sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize,
    0,
  );
  return after - before + freed;
}

const mean = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** WARM_UP unmeasured runs, RUNS timed ones, then RUNS measuring allocation. */
async function series(work: Work, raw: string): Promise<Record<string, number>> {
  for (let run = 0; run < WARM_UP; run++) await time(work, raw);
  const runs: Timing[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await time(work, raw));
  const bytes: number[] = [];
  for (let run = 0; run < RUNS; run++) bytes.push(await allocated(work, raw));
  const ms = runs.map((run) => run.ms);
  return {
    'median ms': Number(median(ms).toFixed(2)),
    'mean ms': Number(mean(ms).toFixed(2)),
    'mean CPU ms': Number(mean(runs.map((run) => run.cpuMs)).toFixed(2)),
    'median heap allocated KiB': Math.round(median(bytes) / 1024),
  };
}

async function main(): Promise<void> {
  const raw = JSON.stringify(makeItems('bench', ITEMS));
  const stages: Stages[] = [];
  const rows: Record<string, Record<string, number>> = {};

  rows['mapItems'] = await series((body) => mapItems(body, funnel, contentType).length, raw);
  rows['map + dedupe + reference check'] = await series((body) => {
    const current = { map: 0, dedupe: 0, references: 0 };
    const count = pipeline(body, current);
    stages.push(current);
    return count;
  }, raw);
  rows['prepareImport (no store call)'] = await series(wholePrepare, raw);

  // The stages of the pipeline's timed runs only (warm-up runs first, allocation runs last).
  const measured = stages.slice(WARM_UP, WARM_UP + RUNS);
  const stageMedian = (key: keyof Stages) =>
    Number(median(measured.map((stage) => stage[key])).toFixed(2));
  console.log(`${ITEMS} items, ${(raw.length / 1024 / 1024).toFixed(2)} MiB body, ${RUNS} runs`);
  console.table(rows);
  console.table({
    'pipeline stages, median ms': {
      mapItems: stageMedian('map'),
      dedupeLastWins: stageMedian('dedupe'),
      'reference check': stageMedian('references'),
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
