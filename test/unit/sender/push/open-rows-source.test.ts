import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { InputError } from '../../../../packages/sender/src/push/input/input-error';
import { openRows } from '../../../../packages/sender/src/push/input/open-rows';
import { readAll, tempFile } from './read-rows';

const NDJSON = '{"sku":"A"}\n{"sku":"B"}\n';
const JSON_ARRAY = '[{"sku":"A"},{"sku":"B"}]';
const CSV = 'sku\nA\nB\n';
const TWO_ROWS = [
  { row: { sku: 'A' }, position: 1 },
  { row: { sku: 'B' }, position: 2 },
];
const TWO_CSV_ROWS = [
  { row: { sku: 'A' }, position: 2 },
  { row: { sku: 'B' }, position: 3 },
];

/** Standard input that hands the text over one byte at a time, splitting every token. */
function dribbled(text: string | Buffer): Readable {
  const bytes = Buffer.from(text);
  return Readable.from([...bytes].map((byte) => Buffer.from([byte])));
}

describe('openRows: where the input comes from and what format it is', () => {
  it.each([
    ['items.json', JSON_ARRAY, TWO_ROWS],
    ['items.ndjson', NDJSON, TWO_ROWS],
    ['items.JSONL', NDJSON, TWO_ROWS],
    ['items.csv', CSV, TWO_CSV_ROWS],
  ])('reads %s by its extension', async (name, content, expected) => {
    expect((await readAll(tempFile(name, content))).rows).toEqual(expected);
  });

  it.each([
    ['items.json.gz', JSON_ARRAY, TWO_ROWS],
    ['items.ndjson.gz', NDJSON, TWO_ROWS],
    ['items.csv.gz', CSV, TWO_CSV_ROWS],
    ['items.ndjson', NDJSON, TWO_ROWS],
    ['items', JSON_ARRAY, TWO_ROWS],
    ['items.txt', NDJSON, TWO_ROWS],
  ])('gunzips %s by its magic bytes', async (name, content, expected) => {
    expect((await readAll(tempFile(name, gzipSync(content)))).rows).toEqual(expected);
  });

  it('reads an uncompressed file even when named .gz', async () => {
    expect((await readAll(tempFile('items.ndjson.gz', NDJSON))).rows).toEqual(TWO_ROWS);
  });

  it.each([
    ['a JSON array by its [', `\n\t ${JSON_ARRAY}`],
    ['NDJSON by its {', `  ${NDJSON}`],
    ['past a byte-order mark', `\uFEFF${NDJSON}`],
  ])('sniffs %s when the name says nothing', async (_, content) => {
    expect((await readAll(tempFile('items.data', content))).rows).toEqual(TWO_ROWS);
  });

  it('takes the format option over the name', async () => {
    expect((await readAll(tempFile('items.txt', CSV), { format: 'csv' })).rows).toEqual(
      TWO_CSV_ROWS,
    );
    expect((await readAll(tempFile('items.json', NDJSON), { format: 'ndjson' })).rows).toEqual(
      TWO_ROWS,
    );
  });

  it('refuses an input whose format it cannot tell', async () => {
    await expect(readAll(tempFile('items.txt', CSV))).rejects.toThrow(
      'Cannot tell the input format: give --format',
    );
  });

  it('gives no row for an empty or blank input', async () => {
    expect(await readAll(tempFile('empty.json', ''))).toEqual({ rows: [], problems: [] });
    expect(await readAll(tempFile('blank.ndjson', ' \n\n'))).toEqual({ rows: [], problems: [] });
  });

  it.each([
    ['a JSON array', JSON_ARRAY, {}, TWO_ROWS],
    ['NDJSON', NDJSON, {}, TWO_ROWS],
    ['gzipped NDJSON', gzipSync(NDJSON), {}, TWO_ROWS],
    ['CSV', 'sku,note\r\nA,"x\r\ny"\r\nB,\r\n', { format: 'csv' as const }, undefined],
  ])('reads %s from standard input, byte by byte', async (_, content, options, expected) => {
    const { rows } = await readAll('-', { ...options, stdin: dribbled(content) });
    expect(rows).toEqual(
      expected ?? [
        { row: { sku: 'A', note: 'x\r\ny' }, position: 2 },
        { row: { sku: 'B' }, position: 4 },
      ],
    );
  });

  it('reads multi-byte characters split across chunks', async () => {
    const text = '[{"name":"Ærø 日本"}]\n{"name":"Ærø 日本"}\n';
    const [array, ndjson] = text.split('\n');
    const fromArray = await readAll('-', { stdin: dribbled(array as string) });
    const fromLines = await readAll('-', { stdin: dribbled(`${ndjson}\n`) });
    expect(fromArray.rows[0]?.row).toEqual({ name: 'Ærø 日本' });
    expect(fromLines.rows[0]?.row).toEqual({ name: 'Ærø 日本' });
  });

  it('names a missing file in an InputError', async () => {
    const reading = readAll('/nonexistent/items.ndjson');
    await expect(reading).rejects.toThrow(InputError);
    await expect(reading).rejects.toThrow(/^\/nonexistent\/items\.ndjson: ENOENT: no such file/);
  });

  it('names a corrupt gzip stream in an InputError', async () => {
    const corrupt = Buffer.concat([gzipSync(NDJSON.repeat(50)).subarray(0, 30)]);
    await expect(readAll(tempFile('items.ndjson.gz', corrupt))).rejects.toThrow(InputError);
  });

  it('refuses an empty CSV array separator', () => {
    expect(() => openRows('items.csv', { csvArraySep: '' })).toThrow(InputError);
  });

  it.each([
    ['plain', NDJSON],
    ['gzipped', gzipSync(NDJSON)],
  ])('closes %s input when the reader stops early', async (_, content) => {
    const stdin = Readable.from([content, NDJSON, NDJSON]);
    for await (const row of openRows('-', { stdin })) {
      expect(row.position).toBe(1);
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(stdin.destroyed).toBe(true);
  });

  it('closes the input when it cannot tell the format', async () => {
    const stdin = Readable.from(['sku\n', 'A\n']);
    await expect(readAll('-', { stdin })).rejects.toThrow(InputError);
    expect(stdin.destroyed).toBe(true);
  });
});
