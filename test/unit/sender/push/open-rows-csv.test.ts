import { InputError } from '../../../../packages/sender/src/push/input/input-error';
import { readAll, tempFile } from './read-rows';

describe('openRows on CSV', () => {
  it('keys rows by the header, nests dotted headers and leaves empty cells out', async () => {
    const csv = 'sku,title,attrs.color,attrs.size.eu\nA-1,Shoe,red,42\nA-2,"Boot, tall",,\n';
    const { rows, problems } = await readAll(tempFile('items.csv', csv));
    expect(rows).toEqual([
      {
        row: { sku: 'A-1', title: 'Shoe', attrs: { color: 'red', size: { eu: '42' } } },
        position: 2,
      },
      { row: { sku: 'A-2', title: 'Boot, tall' }, position: 3 },
    ]);
    expect(problems).toEqual([]);
  });

  it('numbers a row by the line it starts on, past quoted newlines and blank lines', async () => {
    const csv = 'sku,note\r\nA,"two\r\nlines"\r\n\r\nB,x\r\n,\r\n';
    const { rows } = await readAll(tempFile('items.csv', csv));
    expect(rows).toEqual([
      { row: { sku: 'A', note: 'two\r\nlines' }, position: 2 },
      { row: { sku: 'B', note: 'x' }, position: 5 },
    ]);
  });

  it('splits [] columns on the array separator, dropping empty items', async () => {
    const csv = 'sku,tags[],attrs.sizes[],title\nA,red|blue,38||39,a|b\nB,,|,t\nC,solo,,\n';
    const { rows } = await readAll(tempFile('items.csv', csv), { csvArraySep: '|' });
    expect(rows.map((r) => r.row)).toEqual([
      { sku: 'A', tags: ['red', 'blue'], attrs: { sizes: ['38', '39'] }, title: 'a|b' },
      { sku: 'B', title: 't' },
      { sku: 'C', tags: ['solo'] },
    ]);
  });

  it('makes a [] column a one-item array when no separator is given', async () => {
    const { rows } = await readAll(tempFile('items.csv', 'sku,tags[]\nA,red|blue\n'));
    expect(rows.map((r) => r.row)).toEqual([{ sku: 'A', tags: ['red|blue'] }]);
  });

  it('reports a row with the wrong number of cells, and goes on', async () => {
    const csv = 'sku,title\nA,Shoe\nB\nC,"Hat, red",extra\nD,Boot\n';
    const { rows, problems } = await readAll(tempFile('items.csv', csv));
    expect(rows.map((r) => r.position)).toEqual([2, 5]);
    expect(problems).toEqual([
      { position: 3, raw: 'B', message: 'The row has 1 cells; the header has 2' },
      { position: 4, raw: 'C,"Hat, red",extra', message: 'The row has 3 cells; the header has 2' },
    ]);
  });

  it('ends the run on broken quoting, naming the line', async () => {
    const csv = 'sku,title\r\nA,"two\r\nlines"\r\nB,"bad"x\r\nC,Hat\r\n';
    await expect(readAll(tempFile('items.csv', csv))).rejects.toThrow(
      'The CSV breaks on line 4: Invalid Closing Quote: got "x"',
    );
  });

  it.each([
    ['__proto__.polluted', /uses "__proto__"/],
    ['attrs.__proto__.x', /uses "__proto__"/],
    ['attrs..color', /empty name part/],
    ['', /empty name part/],
  ])('refuses the header %j', async (header, reason) => {
    const csv = `sku,${header}\nA,yes\n`;
    await expect(readAll(tempFile('items.csv', csv))).rejects.toThrow(reason);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses headers that collide', async () => {
    const twice = readAll(tempFile('a.csv', 'sku,sku\nA,B\n'));
    await expect(twice).rejects.toThrow('The CSV column "sku" names the same field as "sku"');
    const nested = readAll(tempFile('b.csv', 'attrs,attrs.color\nA,red\n'));
    await expect(nested).rejects.toThrow(InputError);
    await expect(nested).rejects.toThrow('"attrs.color" is inside "attrs", which is a value');
  });

  it('walks into no inherited key: constructor.prototype stays a plain nested field', async () => {
    const { rows } = await readAll(tempFile('c.csv', 'constructor.prototype.polluted\nyes\n'));
    expect(rows.map((r) => r.row)).toEqual([{ constructor: { prototype: { polluted: 'yes' } } }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
