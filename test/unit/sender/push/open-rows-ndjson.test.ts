import { openRows } from '../../../../packages/sender/src/push/input/open-rows';
import { readAll, tempFile } from './read-rows';

describe('openRows on NDJSON', () => {
  it('gives one row a line, skips blank lines, and numbers rows by line', async () => {
    const path = tempFile('items.ndjson', '{"sku":"A"}\r\n\n   \n{"sku":"é"}\n{"sku":"C"}');
    const { rows, problems } = await readAll(path);
    expect(rows).toEqual([
      { row: { sku: 'A' }, position: 1 },
      { row: { sku: 'é' }, position: 4 },
      { row: { sku: 'C' }, position: 5 },
    ]);
    expect(problems).toEqual([]);
  });

  it('reports a bad line or a line that is not an object, and goes on', async () => {
    const path = tempFile('items.jsonl', '{"sku":"A"}\n{"sku":\n42\n[{"sku":"B"}]\n{"sku":"C"}\n');
    const { rows, problems } = await readAll(path);
    expect(rows.map((r) => r.position)).toEqual([1, 5]);
    expect(problems.map(({ position, raw }) => ({ position, raw }))).toEqual([
      { position: 2, raw: '{"sku":' },
      { position: 3, raw: '42' },
      { position: 4, raw: '[{"sku":"B"}]' },
    ]);
    expect(problems[0]?.message).toMatch(/^The line is not valid JSON/);
    expect(problems[1]?.message).toBe('The row is a number, not a JSON object');
  });

  it('reads an errors file again as the rows that were first sent', async () => {
    const errorsFile = [
      '{"sku":"A","title":"Shoe","_push":{"position":3,"errors":{"A":{"Name":"Required"}}}}',
      '{"sku":"B","_push":{"position":9,"errors":{"B":{"Color":"Not a color"}}}}',
    ].join('\n');
    const { rows } = await readAll(tempFile('push-errors.ndjson', errorsFile));
    expect(rows).toEqual([
      { row: { sku: 'A', title: 'Shoe' }, position: 1 },
      { row: { sku: 'B' }, position: 2 },
    ]);
  });

  it("reads the history's rejected rows as the rows that were first sent", async () => {
    const rejected = [
      '{"sku":"A","price":"x","_rejected":{"key":"A","position":0,"errors":{"Price":"Bad"}}}',
      '{"title":"No sku","_rejected":{"key":"[4]","position":4,"errors":{"Id":"Required"}}}',
    ].join('\n');
    const { rows } = await readAll(tempFile('rejected.ndjson', rejected));
    expect(rows).toEqual([
      { row: { sku: 'A', price: 'x' }, position: 1 },
      { row: { title: 'No sku' }, position: 2 },
    ]);
  });

  it('keeps __proto__ and constructor as plain keys', async () => {
    const line = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
    const [first] = (await readAll(tempFile('proto.ndjson', line))).rows;
    expect(Object.getPrototypeOf(first?.row)).toBe(Object.prototype);
    expect(JSON.stringify(first?.row)).toBe(line);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ends the run on a bad row when nobody handles problems', async () => {
    const path = tempFile('bad.ndjson', '{"sku":"A"}\n7\n');
    const read = async () => {
      for await (const row of openRows(path)) void row;
    };
    await expect(read()).rejects.toThrow('Row 2: The row is a number, not a JSON object');
  });
});
