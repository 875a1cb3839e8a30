import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { batchesOf } from '../../../../packages/sender/src/push/input/batches-of';
import { openRows } from '../../../../packages/sender/src/push/input/open-rows';
import { tempFile } from './read-rows';

const LINES = 200_000;
const MAX_HEAP_GROWTH = 100 * 1024 * 1024;
/** It writes and reads 60 MB: seconds alone, over a minute beside the heavy suites on 2 cores. */
const TIMEOUT_MS = 300_000;

/** About 60 MB of NDJSON, written in pieces so that the test itself holds little. */
async function writeLargeNdjson(): Promise<string> {
  const path = tempFile('large.ndjson', '');
  const out = createWriteStream(path);
  const filler = 'x'.repeat(200);
  for (let line = 1; line <= LINES; line += 1) {
    const text = `{"sku":"SKU-${line}","title":"Item ${line}","note":"${filler}"}\n`;
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return path;
}

describe('openRows and batchesOf on a large file', () => {
  it(
    'stream it in bounded memory',
    async () => {
      const path = await writeLargeNdjson();
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let peakHeap = heapBefore;
      let rows = 0;
      let batches = 0;
      let lastPosition = 0;
      const limits = { maxItems: 500, maxBodyBytes: 256 * 1024 };
      for await (const batch of batchesOf(openRows(path), limits)) {
        expect(batch.index).toBe(batches);
        expect(batch.body.length).toBeLessThanOrEqual(limits.maxBodyBytes);
        rows += batch.positions.length;
        batches += 1;
        lastPosition = batch.positions.at(-1) ?? lastPosition;
        peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      }
      expect(rows).toBe(LINES);
      expect(lastPosition).toBe(LINES);
      expect(peakHeap - heapBefore).toBeLessThan(MAX_HEAP_GROWTH);
    },
    TIMEOUT_MS,
  );
});
