import { Readable } from 'node:stream';
import { rowsOf as readBack } from '../../../../packages/sender/src/push/input/batch-rows';
import { batchesOf } from '../../../../packages/sender/src/push/input/batches-of';
import type { RowProblem } from '../../../../packages/sender/src/push/input/row-problem';
import type { Batch, Limits, SourceRow } from '../../../../packages/sender/src/push/push-types';

function rowsOf(...rows: Array<Record<string, unknown>>): AsyncIterable<SourceRow> {
  return Readable.from(rows.map((row, index) => ({ row, position: index + 1 })));
}

async function cut(
  rows: AsyncIterable<SourceRow>,
  limits: Limits,
): Promise<{ batches: Batch[]; problems: RowProblem[] }> {
  const problems: RowProblem[] = [];
  const batches: Batch[] = [];
  for await (const batch of batchesOf(rows, limits, (p) => problems.push(p))) batches.push(batch);
  return { batches, problems };
}

/** Pulls one row at a time, unlike a stream, which would read ahead into its buffer. */
function toAsync(rows: Iterator<SourceRow>): AsyncIterable<SourceRow> {
  return { [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve(rows.next()) }) };
}

const positions = (batches: Batch[]) => batches.map((b) => [...b.positions]);

describe('batchesOf', () => {
  it('cuts by count, in file order, numbering requests from 0', async () => {
    const rows = rowsOf({ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 });
    const { batches } = await cut(rows, { maxItems: 2, maxBodyBytes: 1_000 });
    expect(batches.map((b) => b.index)).toEqual([0, 1, 2]);
    expect(positions(batches)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches.map((b) => b.body.toString())).toEqual([
      '[{"n":1},{"n":2}]',
      '[{"n":3},{"n":4}]',
      '[{"n":5}]',
    ]);
  });

  it('cuts by the bytes of the body sent, counting brackets, commas and UTF-8', async () => {
    // Each row is {"s":"é"}: 10 bytes, as é takes two.
    const row = { s: 'é' };
    const rows = () => rowsOf(row, row, row, row);
    // Two rows make 2 + 10 + 1 + 10 = 23 bytes; a third would need 34.
    expect(positions((await cut(rows(), { maxItems: 10, maxBodyBytes: 23 })).batches)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(positions((await cut(rows(), { maxItems: 10, maxBodyBytes: 22 })).batches)).toEqual([
      [1],
      [2],
      [3],
      [4],
    ]);
    for (const batch of (await cut(rows(), { maxItems: 10, maxBodyBytes: 34 })).batches) {
      expect(batch.body.length).toBeLessThanOrEqual(34);
      const sent = Array<string>(batch.positions.length).fill('{"s":"é"}');
      expect(batch.body.toString()).toBe(`[${sent.join(',')}]`);
    }
  });

  it('gives each row back, with its position, from the body it sends', async () => {
    const rows = rowsOf({ n: 1, tags: ['a'] }, { n: 2, nested: { ok: true } }, { n: 3 });
    const { batches } = await cut(rows, { maxItems: 2, maxBodyBytes: 1_000 });
    expect(batches.flatMap((batch) => readBack(batch))).toEqual([
      { row: { n: 1, tags: ['a'] }, position: 1 },
      { row: { n: 2, nested: { ok: true } }, position: 2 },
      { row: { n: 3 }, position: 3 },
    ]);
  });

  it('reports a row too large to send alone, and sends the others', async () => {
    const big = { text: 'x'.repeat(100) };
    const { batches, problems } = await cut(rowsOf({ n: 1 }, big, { n: 3 }), {
      maxItems: 10,
      maxBodyBytes: 50,
    });
    expect(positions(batches)).toEqual([[1, 3]]);
    expect(problems).toEqual([
      {
        position: 2,
        raw: JSON.stringify(big),
        message:
          'The row is 111 bytes of JSON; a request takes at most 50 bytes, so it cannot be sent',
      },
    ]);
  });

  it('takes a row that exactly fills the limit', async () => {
    const { batches, problems } = await cut(rowsOf({ n: 1 }), { maxItems: 1, maxBodyBytes: 9 });
    expect(batches.map((b) => b.body.toString())).toEqual(['[{"n":1}]']);
    expect(problems).toEqual([]);
  });

  it('gives no batch for no rows', async () => {
    expect((await cut(rowsOf(), { maxItems: 1, maxBodyBytes: 100 })).batches).toEqual([]);
  });

  it('ends the run on an oversized row when nobody handles problems', async () => {
    const batches = batchesOf(rowsOf({ text: 'long' }), { maxItems: 1, maxBodyBytes: 5 });
    await expect(batches.next()).rejects.toThrow(/^Row 1: The row is 15 bytes/);
  });

  it.each([
    { maxItems: 0, maxBodyBytes: 100 },
    { maxItems: 1.5, maxBodyBytes: 100 },
    { maxItems: 1, maxBodyBytes: 2 },
  ])('refuses limits %j', async (limits) => {
    await expect(batchesOf(rowsOf({ n: 1 }), limits).next()).rejects.toThrow(RangeError);
  });

  it('reads no further ahead than the batch it yields', async () => {
    let read = 0;
    function* counted(): Generator<SourceRow> {
      for (let n = 1; n <= 100; n += 1) {
        read = n;
        yield { row: { n }, position: n };
      }
    }
    const batches = batchesOf(toAsync(counted()), { maxItems: 10, maxBodyBytes: 10_000 });
    await batches.next();
    expect(read).toBe(11);
    await batches.return(undefined);
  });
});
