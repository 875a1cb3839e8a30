/**
 * Rejected rows: a recorded body's items read back as the sender wrote them, and the failed ones
 * found by the keys the worker gave them (identifier as sent through its transforms, `[i]`
 * without one, last of duplicates), each as one NDJSON line.
 */
import { Readable } from 'node:stream';
import type { Funnel } from '../../../core/domain/funnel';
import { sentKeys } from '../../../core/domain/mapper';
import { bodyItems, type BodyItem } from '../../../core/history/body-items';
import { locateRejected, rejectedLines } from '../../../core/history/rejected-items';
import { rejectedRowLine } from '../../../core/history/rejected-row-line';

/** A body cut into chunks of `size` bytes, as the stored chunks would come. */
function chunked(text: string, size: number): AsyncIterable<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks);
}

async function itemsOf(text: string, format: 'json' | 'ndjson', size = 3): Promise<BodyItem[]> {
  const items: BodyItem[] = [];
  for await (const item of bodyItems(chunked(text, size), format)) items.push(item);
  return items;
}

const funnel = (transforms: unknown[] = []): Pick<Funnel, 'mappings'> =>
  ({
    mappings: [
      { source: 'sku', target: { system: 'identifier' }, transforms },
      { source: 'title', target: { system: 'name' } },
    ],
  }) as unknown as Pick<Funnel, 'mappings'>;

describe('bodyItems', () => {
  it('when a JSON array is read in chunks that cut strings, escapes and characters, then each element comes whole, as written', async () => {
    const body =
      '[ {"sku":"a,\\"]}","n":[1,{"x":"é"}]} ,\n  {"sku": 12345678901234567890.50}, 7, "s", [1,2] ]';
    for (const size of [1, 2, 5, 1000]) {
      expect(await itemsOf(body, 'json', size)).toEqual([
        { index: 0, text: '{"sku":"a,\\"]}","n":[1,{"x":"é"}]}' },
        { index: 1, text: '{"sku": 12345678901234567890.50}' },
        { index: 2, text: '7' },
        { index: 3, text: '"s"' },
        { index: 4, text: '[1,2]' },
      ]);
    }
  });

  it('when the JSON body is one object or an empty array, then it is the item at 0, or none', async () => {
    expect(await itemsOf(' {"sku":"one"}\n', 'json')).toEqual([
      { index: 0, text: '{"sku":"one"}' },
    ]);
    expect(await itemsOf('[ ]', 'json')).toEqual([]);
  });

  it('when an NDJSON body has CRLF and final blank lines, then line i is item i', async () => {
    expect(await itemsOf('{"sku":"a"}\r\n{"sku":"b"}\n\n', 'ndjson')).toEqual([
      { index: 0, text: '{"sku":"a"}' },
      { index: 1, text: '{"sku":"b"}' },
    ]);
  });
});

describe('locateRejected', () => {
  const locate = async (body: string, failed: string[], keyed = funnel()) =>
    locateRejected(bodyItems(chunked(body, 7), 'json'), sentKeys(keyed), failed);

  it('when items fail by identifier, by position and as duplicates, then each key finds the item the worker keyed it for', async () => {
    const body = JSON.stringify([
      { sku: 'A', title: 'first A' },
      { title: 'no sku' },
      { sku: 'B' },
      { sku: 'A', title: 'last A' },
      'not an object',
      { sku: '' },
      { sku: 7 },
    ]);
    const located = await locate(body, ['A', '[1]', '[4]', '[5]', '7']);
    expect([...located.at].sort(([a], [b]) => a - b)).toEqual([
      [1, '[1]'],
      [3, 'A'],
      [4, '[4]'],
      [5, '[5]'],
      [6, '7'],
    ]);
    expect(located.unplaced).toEqual([]);
  });

  it("when the identifier mapping has transforms, then the key is the transformed identifier, as in the worker's errors", async () => {
    const body = JSON.stringify([{ sku: '  x-1 ' }, { sku: 'x-2' }]);
    const trimmed = funnel([{ op: 'trim' }, { op: 'uppercase' }]);
    const located = await locate(body, ['X-1'], trimmed);
    expect([...located.at]).toEqual([[0, 'X-1']]);
  });

  it('when an identifier is literally "[2]", then both it and the item at 2 without identifier carry the key', async () => {
    const body = JSON.stringify([{ sku: '[2]' }, { sku: 'ok' }, { title: 'none' }]);
    const located = await locate(body, ['[2]']);
    expect([...located.at].sort(([a], [b]) => a - b)).toEqual([
      [0, '[2]'],
      [2, '[2]'],
    ]);
  });

  it('when a key names no item of the body (the mapping changed since), then it is unplaced', async () => {
    const located = await locate(JSON.stringify([{ sku: 'A' }]), ['A', 'gone']);
    expect(located.unplaced).toEqual(['gone']);
  });
});

describe('rejectedLines', () => {
  it('when rows are made, then they come in the order sent, the items unchanged, the unplaced keys last', async () => {
    const body = '[{"sku":"B","price":1.50},\n{"sku":"A"}, {"sku":"C"}]';
    const read = () => bodyItems(chunked(body, 4), 'json');
    const located = await locateRejected(read(), sentKeys(funnel()), ['C', 'B', 'lost']);
    const lines: string[] = [];
    const errors: Record<string, Record<string, string>> = {
      B: { Price: 'bad' },
      C: { Name: 'required' },
      lost: { Name: 'x' },
    };
    for await (const line of rejectedLines(read(), located, (key) => errors[key] ?? {})) {
      lines.push(line);
    }
    expect(lines).toEqual([
      '{"sku":"B","price":1.50,"_rejected":{"key":"B","position":0,"errors":{"Price":"bad"}}}\n',
      '{"sku":"C","_rejected":{"key":"C","position":2,"errors":{"Name":"required"}}}\n',
      '{"_rejected":{"key":"lost","position":null,"errors":{"Name":"x"}}}\n',
    ]);
  });
});

describe('rejectedRowLine', () => {
  const rejection = { key: '[0]', position: 0, errors: { Item: 'not an object' } };

  it('when the item is pretty-printed, empty or not an object, then the line is one line of valid JSON', () => {
    const pretty = rejectedRowLine('{\n  "a": 1\n}', rejection);
    expect(pretty.trimEnd()).not.toContain('\n');
    expect(JSON.parse(pretty)).toEqual({ a: 1, _rejected: rejection });
    expect(JSON.parse(rejectedRowLine('{ }', rejection))).toEqual({ _rejected: rejection });
    expect(JSON.parse(rejectedRowLine('[1,\n2]', rejection))).toEqual({
      _rejected: { ...rejection, item: [1, 2] },
    });
  });
});
