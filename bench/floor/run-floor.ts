/** Runs a floor of bench/floor/ in a process of its own on the benchmark's database; its report. */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../paths';
import type { Stack } from '../stack/stack';
import { runId } from '../workload';
import type { ExportFloorReport } from './export-floor';
import type { FloorReport } from './floor';

const run = promisify(execFile);

/** Where the floors read what they are given, and how to reach the store. */
export interface FloorSite {
  stack: Stack;
  /** A temporary directory for the bodies handed over. */
  workDir: string;
}

/** Writes `content` to a file of the work directory, for a floor to read; its path. */
function handOver(site: FloorSite, content: string): string {
  const file = path.join(site.workDir, `floor-${runId()}.json`);
  writeFileSync(file, content);
  return file;
}

async function spawnFloor<T>(site: FloorSite, script: string, body: string, extra: string[]) {
  const file = handOver(site, body);
  const { target, mongoUrl } = site.stack;
  const args = ['--import', 'tsx', `bench/floor/${script}`, '--mongo', mongoUrl, '--body', file];
  args.push('--tenant', target.tenant, '--content-type', target.contentType, ...extra);
  const { stdout } = await run(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as T;
}

/**
 * The floor's write of `body` (the JSON a scenario POSTs) in one bulkWrite; with `records` (from
 * Store.recordsBesideItems), also what the product wrote beside those items.
 */
export function floorBatch(site: FloorSite, body: string, records?: string): Promise<FloorReport> {
  const extra = records === undefined ? [] : ['--records', handOver(site, records)];
  return spawnFloor(site, 'floor.ts', body, extra);
}

/**
 * The floor's write of `body`, one `insertOne` or `_id` upsert an item, `inFlight` at once; with
 * `records` (as many lone requests' as items), each item with its request's records around it.
 */
export function floorEach(
  site: FloorSite,
  body: string,
  each: 'insert' | 'upsert',
  inFlight: number,
  records?: string,
): Promise<FloorReport> {
  const extra = ['--each', each, '--in-flight', String(inFlight)];
  if (records !== undefined) extra.push('--records', handOver(site, records));
  return spawnFloor(site, 'floor.ts', body, extra);
}

/** The export floor: the items `body` wrote, read in batches of 50 and posted to `receiverUrl`. */
export function floorExport(
  site: FloorSite,
  body: string,
  receiverUrl: string,
): Promise<ExportFloorReport> {
  return spawnFloor(site, 'export-floor.ts', body, ['--receiver', receiverUrl]);
}
