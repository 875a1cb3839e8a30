/**
 * `npm run bench:report [-- FILE]`: writes docs/performance.md from a run's record, the latest in
 * bench/results/ unless one is named. `npm run bench` calls it after every run.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { ROOT } from '../paths';
import { freshness } from './freshness';
import { asRunRecord } from './older-records';
import { renderPage } from './page';
import { latestRecordFile, readRecord } from './record';

export const PAGE = path.join(ROOT, 'docs', 'performance.md');

export async function writePage(file: string): Promise<void> {
  const record = asRunRecord(readRecord(file));
  const markdown = renderPage(record, file, freshness(record.revision.commit));
  // Formatted as `npm run lint` checks it.
  const options = (await resolveConfig(PAGE)) ?? {};
  writeFileSync(PAGE, await format(markdown, { ...options, filepath: PAGE }));
}

if (require.main === module) {
  const file = process.argv[2] ? path.resolve(process.argv[2]) : latestRecordFile();
  writePage(file)
    .then(() =>
      console.log(`${path.relative(ROOT, PAGE)} written from ${path.relative(ROOT, file)}`),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
