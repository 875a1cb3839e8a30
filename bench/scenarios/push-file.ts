/**
 * The push scenario's items: the rows of an NDJSON file, written a chunk of CHUNK items at a
 * time so that a million never sit in memory at once, and the same chunks as the JSON bodies the
 * reference POSTs. Each chunk has a prefix of its own, so every identifier in the file differs.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { makeItems, runId, type SenderItem } from '../workload';

/** Items a reference request holds, the service's default MAX_ITEMS. */
export const CHUNK = 10_000;

export interface PushFile {
  path: string;
  items: number;
  /** Chunk `k` of the file's items, in file order. */
  chunk(k: number): SenderItem[];
}

/** Writes `items` rows (a multiple of CHUNK) to a new file in `dir`. */
export async function writePushFile(dir: string, items: number): Promise<PushFile> {
  const id = runId();
  const file = path.join(dir, `push-${id}.ndjson`);
  const chunk = (k: number) => makeItems(`${id}-${k}`, CHUNK);
  const out = createWriteStream(file);
  for (let k = 0; k < items / CHUNK; k++) {
    const text = chunk(k)
      .map((item) => `${JSON.stringify(item)}\n`)
      .join('');
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { path: file, items, chunk };
}
