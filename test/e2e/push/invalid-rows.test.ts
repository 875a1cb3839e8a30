/**
 * `funnel-sync push` of a CSV file some of whose rows the funnel's validation refuses: the push
 * fails (exit 1) and writes exactly those rows to its errors file, each with its line and the
 * service's error map. Fixed in place, that file is itself an input: pushed, it imports them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { identifiers } from '../pipeline/pipeline-fixture';
import { startPushFixture, targetOf, type PushFixture } from './push-fixture';

interface ErrorsFileRow {
  sku: string;
  title?: string;
  color?: string;
  _push: { position: number; errors: Record<string, string>; note?: string };
}

const ROWS = 40;
/** Row number (from 1, the header aside) -> what is wrong with it. */
const BROKEN: Record<number, 'no title' | 'bad color' | 'both'> = {
  3: 'no title',
  17: 'bad color',
  31: 'both',
};

function csvOf(rows: number): string {
  const lines = ['sku,title,color'];
  for (let n = 1; n <= rows; n += 1) {
    const broken = BROKEN[n];
    const title = broken === 'no title' || broken === 'both' ? '' : `Item ${n}`;
    const color = broken === 'bad color' || broken === 'both' ? 'purple' : 'red';
    lines.push(`C-${n},${title},${color}`);
  }
  return lines.join('\n') + '\n';
}

const readErrorsFile = async (file: string): Promise<ErrorsFileRow[]> =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ErrorsFileRow);

describe('push: rows the funnel refuses', () => {
  let f: PushFixture;

  beforeAll(async () => {
    f = await startPushFixture('push-invalid-rows');
  });
  afterAll(() => f.close());

  it('when a CSV file holds invalid rows, then exit 1 and the errors file holds exactly them; fixed, that file imports them', async () => {
    const { url, contentType } = await f.p.scenario({
      partialValidation: true,
      properties: [{ key: 'color', label: 'Color', type: 'enum', options: ['red', 'blue'] }],
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
        { source: 'color', target: { property: 'color' } },
      ],
    });
    const file = f.file('products.csv');
    const errorsFile = f.file('products.errors.ndjson');
    await writeFile(file, csvOf(ROWS));

    const first = await f.push(file, targetOf(f.p, url), '--errors', errorsFile);

    expect(first.code).toBe(1);
    const failed = await readErrorsFile(errorsFile);
    // The header is line 1 of the file, so row n is on line n + 1.
    const nameRequired = { 'Product Name': 'This field is required' };
    const badColor = { Color: expect.stringContaining('"purple"') as string };
    expect(failed).toEqual([
      { sku: 'C-3', color: 'red', _push: { position: 4, errors: nameRequired } },
      { sku: 'C-17', title: 'Item 17', color: 'purple', _push: { position: 18, errors: badColor } },
      {
        sku: 'C-31',
        color: 'purple',
        _push: { position: 32, errors: { ...nameRequired, ...badColor } },
      },
    ]);
    expect(await f.countItems(contentType)).toBe(ROWS - failed.length);

    const fixed = failed.map((row) => ({ ...row, title: `Item ${row.sku}`, color: 'blue' }));
    await writeFile(errorsFile, fixed.map((row) => JSON.stringify(row)).join('\n') + '\n');
    const second = await f.push(errorsFile, targetOf(f.p, url));

    expect(second.code).toBe(0);
    expect(await f.countItems(contentType)).toBe(ROWS);
    const stored = await f.p.items(contentType);
    const repaired = stored.filter((item) => ['C-3', 'C-17', 'C-31'].includes(item.identifier));
    expect(repaired.map((item) => [item.identifier, item.name, item.properties.color])).toEqual([
      ['C-17', 'Item C-17', 'blue'],
      ['C-3', 'Item C-3', 'blue'],
      ['C-31', 'Item C-31', 'blue'],
    ]);
    expect(identifiers(stored)).toHaveLength(ROWS);
  });
});
