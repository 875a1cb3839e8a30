import { openRows } from '../../../../packages/sender/src/push/input/open-rows';
import { InputError } from '../../../../packages/sender/src/push/input/input-error';
import { readAll, tempFile } from './read-rows';

describe('openRows on a JSON array', () => {
  it('gives each element with its index from 1', async () => {
    const path = tempFile('items.json', '[{"sku":"A-1"},\n  {"sku":"B-2","n":[1,2]}]\n');
    const { rows, problems } = await readAll(path);
    expect(rows).toEqual([
      { row: { sku: 'A-1' }, position: 1 },
      { row: { sku: 'B-2', n: [1, 2] }, position: 2 },
    ]);
    expect(problems).toEqual([]);
  });

  it('reports elements that are not objects and goes on', async () => {
    const path = tempFile('items.json', '[1, {"sku":"A"}, [2], null, "x", {"sku":"B"}]');
    const { rows, problems } = await readAll(path);
    expect(rows.map((r) => r.position)).toEqual([2, 6]);
    expect(problems).toEqual([
      { position: 1, raw: '1', message: 'The row is a number, not a JSON object' },
      { position: 3, raw: '[2]', message: 'The row is an array, not a JSON object' },
      { position: 4, raw: 'null', message: 'The row is null, not a JSON object' },
      { position: 5, raw: '"x"', message: 'The row is a string, not a JSON object' },
    ]);
  });

  it('takes one object as the row at position 1', async () => {
    const { rows } = await readAll(tempFile('one.json', ' {"sku":"A"}'));
    expect(rows).toEqual([{ row: { sku: 'A' }, position: 1 }]);
  });

  it('ends the run on broken JSON, after the rows before it', async () => {
    const path = tempFile('broken.json', '[{"sku":"A"}, {"sku": }]');
    const rows: unknown[] = [];
    const reading = (async () => {
      for await (const row of openRows(path)) rows.push(row);
    })();
    await expect(reading).rejects.toThrow(InputError);
    await expect(reading).rejects.toThrow(/broken\.json: The JSON is not valid/);
    expect(rows).toHaveLength(1);
  });

  it('refuses content after the array', async () => {
    const path = tempFile('two.json', '[{"a":1}]\n' + ' '.repeat(70_000) + '[{"b":2}]');
    await expect(readAll(path)).rejects.toThrow(/more after the JSON document/);
  });

  it('strips the _push key an errors file adds', async () => {
    const path = tempFile('again.json', '[{"sku":"A","_push":{"position":4,"errors":{}}}]');
    expect((await readAll(path)).rows).toEqual([{ row: { sku: 'A' }, position: 1 }]);
  });

  it('keeps __proto__ as a plain key and pollutes no prototype', async () => {
    const path = tempFile('proto.json', '[{"__proto__":{"polluted":true},"sku":"A"}]');
    const [first] = (await readAll(path)).rows;
    expect(Object.getPrototypeOf(first?.row)).toBe(Object.prototype);
    expect(Object.keys(first?.row ?? {})).toEqual(['__proto__', 'sku']);
    expect(JSON.stringify(first?.row)).toBe('{"__proto__":{"polluted":true},"sku":"A"}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
