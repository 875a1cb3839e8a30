import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  openRows,
  type OpenRowsOptions,
} from '../../../../packages/sender/src/push/input/open-rows';
import type { RowProblem } from '../../../../packages/sender/src/push/input/row-problem';
import type { SourceRow } from '../../../../packages/sender/src/push/push-types';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A file of the given name and content in a temporary folder removed after the test file. */
export function tempFile(name: string, content: string | Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'push-input-'));
  folders.push(folder);
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

/** Every row and every problem of a source, as `openRows` gives them. */
export async function readAll(
  source: string,
  options: OpenRowsOptions = {},
): Promise<{ rows: SourceRow[]; problems: RowProblem[] }> {
  const problems: RowProblem[] = [];
  const rows: SourceRow[] = [];
  for await (const row of openRows(source, { ...options, onProblem: (p) => problems.push(p) })) {
    rows.push(row);
  }
  return { rows, problems };
}
