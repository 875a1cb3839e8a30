import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import {
  deleteBatches,
  readIdentifiers,
} from '../../../../../packages/sender/src/push/send/delete-identifiers';
import { startFakeService, type FakeService } from './support/fake-service';
import { push, summaryOf } from './support/push-harness';

function identifierFile(name: string, content: string | Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'push-deletes-')), name);
  writeFileSync(file, content);
  return file;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

describe('push --delete', () => {
  let service: FakeService;
  beforeEach(async () => (service = await startFakeService()));
  afterEach(() => service.close());

  it('reads identifiers as text lines, NDJSON strings and objects, gzipped or not', async () => {
    const text = 'A-1\r\n"A-2"\n\n42\n{"identifier":"A-3","_push":{"line":4}}\n{"identifier":7}';
    for (const file of [
      identifierFile('ids.txt', text),
      identifierFile('ids.gz', gzipSync(text)),
    ]) {
      expect(await collect(readIdentifiers(file))).toEqual([
        { identifier: 'A-1', position: 1 },
        { identifier: 'A-2', position: 2 },
        { identifier: '42', position: 4 },
        { identifier: 'A-3', position: 5 },
        { identifier: 7, position: 6 },
      ]);
    }
  });

  it('cuts the identifiers into DELETE bodies within the limits, in file order', async () => {
    const lines = ['A', 'B', 'C'].map((identifier, at) => ({ identifier, position: at + 1 }));
    const limits = { maxItems: 2, maxBodyBytes: 1_000 };
    const batches = await collect(deleteBatches(Readable.from(lines), limits));
    expect(batches.map((batch) => batch.body.toString())).toEqual([
      '{"identifiers":["A","B"]}',
      '{"identifiers":["C"]}',
    ]);
  });

  it('sends no DELETE at all when a line far into the file is not an identifier', async () => {
    const lines = Array.from({ length: 50 }, (_, n) => `ID-${n}`);
    const file = identifierFile('ids.ndjson', `${lines.join('\n')}\n{"sku":"no identifier"}\n`);
    service.handle(() => ({ status: 200, body: { status: 'success', data: { deletedIds: [] } } }));
    const result = await push(service, { rows: undefined, deletePath: file });
    expect(result.exitCode).toBe(2);
    expect(summaryOf(result).message).toMatch(/line 51 is neither an identifier/);
    expect(service.seen.filter((request) => request.method === 'DELETE')).toHaveLength(0);
  });

  it('refuses standard input, which cannot be checked before deleting', async () => {
    const result = await push(service, { rows: undefined, deletePath: '-' });
    expect(result.exitCode).toBe(2);
    expect(summaryOf(result).message).toMatch(/--delete reads a file/);
  });
});
