/**
 * The change log's numbering (its records as stored, without their items): whatever appends run at once (several connections, as several
 * workers would), the numbers written are 1..n without a hole or a repeat, each append keeps its
 * own order, and a reader that follows from its last number meanwhile sees every change once.
 */
import fc from 'fast-check';
import type { Connection } from 'mongoose';
import { ChangeLogStore } from '../../../core/changes/change-log-store';
import type { NewChange } from '../../../core/changes/change-record';
import { connectMongo } from '../../../core/mongo/connection';
import { collections } from '../../../core/storage/collections';
import { MONGODB_CHANGE_BATCHES } from '../../../core/storage/engines/mongodb/mongodb-change-batches';
import { ensureTestIndexes } from '../../support/storage-engines';
import { uniqueMongoUrl } from '../../support/test-env';
import { propertyRuns } from '../../support/property-runs';

const change = (identifier: string, version = 1): NewChange => ({
  event: 'updated',
  contentType: 'products',
  identifier,
  version,
  at: new Date(),
});

describe('ChangeLogStore', () => {
  const connections: Connection[] = [];
  let logs: ChangeLogStore[];
  let tenants = 0;
  const freshTenant = () => `t${(tenants += 1)}`;
  /** A batch written straight into the log, as the store's appends would not write it. */
  const writeBatch = (tenant: string, firstSeq: number, identifiers: string[]) =>
    collections(connections[0]!).changes.insertOne({
      _id: `${tenant}:${firstSeq}`,
      tenant,
      contentType: 'products',
      firstSeq,
      lastSeq: firstSeq + identifiers.length - 1,
      entries: identifiers.map((identifier) => ({ event: 'updated', identifier, version: 1 })),
      at: new Date(),
    });

  beforeAll(async () => {
    const url = uniqueMongoUrl('change-log');
    for (let i = 0; i < 3; i += 1) connections.push(await connectMongo(url, 'test'));
    await ensureTestIndexes(connections[0]!);
    logs = connections.map(
      (connection) => new ChangeLogStore(collections(connection), MONGODB_CHANGE_BATCHES),
    );
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
  });

  it('numbers a tenant’s changes 1, 2, 3... in the order given, and reads them back', async () => {
    const tenant = freshTenant();
    const written = await logs[0]!.append(tenant, [change('a'), change('b'), change('c')]);
    expect(written.map((c) => [c.seq, c.identifier])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    const read = await logs[1]!.readRecords(tenant, 1, 10);
    expect(read.map((c) => c.identifier)).toEqual(['b', 'c']);
    expect(await logs[2]!.head(tenant)).toBe(3);
    expect(await logs[0]!.readRecords(freshTenant(), 0, 10)).toEqual([]);
  });

  it('keeps tenants apart: each has its own numbers', async () => {
    const [first, second] = [freshTenant(), freshTenant()];
    await logs[0]!.append(first, [change('a')]);
    const written = await logs[0]!.append(second, [change('x')]);
    expect(written[0]!.seq).toBe(1);
    expect((await logs[0]!.readRecords(second, 0, 10)).map((c) => c.identifier)).toEqual(['x']);
  });

  it('reads only up to the first number not written, so a reader never steps over one', async () => {
    const tenant = freshTenant();
    await logs[0]!.append(tenant, [change('a'), change('b')]);
    // A batch written out of turn, as a read beside an unfinished insert could see it.
    await writeBatch(tenant, 4, ['late']);
    expect((await logs[1]!.readRecords(tenant, 0, 10)).map((c) => c.seq)).toEqual([1, 2]);
  });

  it('when an append collides with a document that does not move the head on, then it fails instead of retrying', async () => {
    const tenant = freshTenant();
    // A stray document under the `_id` of the next batch, holding no number (an empty batch).
    await writeBatch(tenant, 1, []);
    await expect(logs[0]!.append(tenant, [change('a')])).rejects.toMatchObject({ code: 11000 });
  });

  it('when an append finds its numbers free, then it reads the head only where that is one query', async () => {
    const changeBatches = MONGODB_CHANGE_BATCHES;
    let headReads = 0;
    const counted = new ChangeLogStore(collections(connections[0]!), {
      ...changeBatches,
      head: (db, tenant) => {
        headReads += 1;
        return changeBatches.head(db, tenant);
      },
    });
    const tenant = freshTenant();
    await counted.append(tenant, [change('a')]);
    const written = await counted.append(tenant, [change('b'), change('c')]);
    expect(written.map((c) => c.seq)).toEqual([2, 3]);
    expect(headReads).toBe(0);
  });

  it('when an append starts from a number read before others appended, then it goes on after them', async () => {
    const tenant = freshTenant();
    // Read while the writes run, as a recording does; another worker appends meanwhile.
    const after = await logs[0]!.appendAfter(tenant);
    await logs[1]!.append(tenant, [change('a'), change('b')]);
    const written = await logs[0]!.append(tenant, [change('c')], after);
    expect(written.map((c) => c.seq)).toEqual([3]);
    const all = await logs[2]!.readRecords(tenant, 0, 10);
    expect(all.map((c) => `${c.seq}${c.identifier}`)).toEqual(['1a', '2b', '3c']);
  });

  it('when an append died before the engine noted it, then the next one goes on after it', async () => {
    const tenant = freshTenant();
    await logs[0]!.append(tenant, [change('a')]);
    // Written, as by an append that died before telling the engine.
    await writeBatch(tenant, 2, ['b', 'c']);
    const written = await logs[1]!.append(tenant, [change('d')]);
    expect(written.map((c) => c.seq)).toEqual([4]);
    const all = await logs[2]!.readRecords(tenant, 0, 10);
    expect(all.map((c) => `${c.seq}${c.identifier}`)).toEqual(['1a', '2b', '3c', '4d']);
  });

  it('concurrent appends give 1..n once each, each in its own order; a follower misses none', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 2, maxLength: 6 }),
        async (sizes) => {
          const tenant = freshTenant();
          const seen: number[] = [];
          let writing = true;
          const follow = (async () => {
            let after = 0;
            for (;;) {
              const done = !writing;
              const page = await logs[2]!.readRecords(tenant, after, 5);
              for (const c of page) seen.push(c.seq);
              after = page.at(-1)?.seq ?? after;
              if (done && page.length === 0) return;
            }
          })();
          await Promise.all(
            sizes.map((size, writer) =>
              logs[writer % 2]!.append(
                tenant,
                Array.from({ length: size }, (_, i) => change(`w${writer}`, i + 1)),
              ),
            ),
          );
          writing = false;
          await follow;
          const total = sizes.reduce((sum, size) => sum + size, 0);
          const all = await logs[0]!.readRecords(tenant, 0, total + 10);
          expect(all.map((c) => c.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
          expect(seen).toEqual(all.map((c) => c.seq));
          sizes.forEach((_, writer) => {
            const versions = all.filter((c) => c.identifier === `w${writer}`).map((c) => c.version);
            expect(versions).toEqual([...versions].sort((a, b) => a - b));
          });
        },
      ),
      { numRuns: propertyRuns(15) },
    );
  });
});
