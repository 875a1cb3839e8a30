/**
 * Transactions on the test engine, through the service's collections: what runs in one is
 * written whole or not at all, commands join it without being handed a session, and two
 * transactions that change the same document both take effect, one after the other.
 */
import type { Connection, mongo } from 'mongoose';
import { connectMongo } from '../../../core/mongo/connection';
import { transactionsOf, type Transactions } from '../../../core/mongo/transactions';
import { collections } from '../../../core/storage/collections';
import { uniqueMongoUrl } from '../../support/test-env';

interface Counter {
  _id: string;
  n: number;
  by: string[];
}

let connection: Connection;
let counters: mongo.Collection<Counter>;
let transactions: Transactions;

beforeAll(async () => {
  connection = await connectMongo(uniqueMongoUrl('transactions'), 'transactions-test');
  // Any of the service's collections: the proxy is the same for each.
  counters = collections(connection).syncNames as unknown as mongo.Collection<Counter>;
  transactions = transactionsOf(connection);
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

beforeEach(async () => {
  await counters.deleteMany({});
});

test('writes made in a transaction are all kept once it commits', async () => {
  await transactions.run(async () => {
    await counters.insertOne({ _id: 'a', n: 1, by: [] });
    await counters.insertOne({ _id: 'b', n: 2, by: [] });
  });
  expect(await counters.countDocuments({})).toBe(2);
});

test('a failure in the work takes back what it wrote before', async () => {
  const failure = new Error('died between two writes');
  const run = transactions.run(async () => {
    await counters.insertOne({ _id: 'a', n: 1, by: [] });
    throw failure;
  });
  await expect(run).rejects.toBe(failure);
  expect(await counters.findOne({ _id: 'a' })).toBeNull();
});

test('what a transaction writes is not seen outside it before it commits', async () => {
  let seenOutside: Counter | null | undefined;
  await transactions.run(async () => {
    await counters.insertOne({ _id: 'a', n: 1, by: [] });
    seenOutside = await connection
      .getClient()
      .db(connection.name)
      .collection<Counter>('sync_names')
      .findOne({ _id: 'a' });
  });
  expect(seenOutside).toBeNull();
  expect(await counters.findOne({ _id: 'a' })).toMatchObject({ n: 1 });
});

test('a transaction run inside another joins it: a failure takes back both', async () => {
  const run = transactions.run(async () => {
    await transactions.run(() => counters.insertOne({ _id: 'inner', n: 1, by: [] }));
    throw new Error('outer fails');
  });
  await expect(run).rejects.toThrow('outer fails');
  expect(await counters.findOne({ _id: 'inner' })).toBeNull();
});

test('work left running after its transaction committed writes alone', async () => {
  let late: Promise<unknown> = Promise.resolve();
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await transactions.run(async () => {
    await counters.insertOne({ _id: 'a', n: 1, by: [] });
    late = held.then(() => counters.insertOne({ _id: 'late', n: 2, by: [] }));
  });
  release();
  await late;
  expect(await counters.countDocuments({})).toBe(2);
});

test('two transactions changing one document both take effect', async () => {
  await counters.insertOne({ _id: 'c', n: 0, by: [] });
  let bothInside = (): void => undefined;
  const inside = new Promise<void>((resolve) => (bothInside = resolve));
  let entered = 0;
  const increment = (name: string) =>
    transactions.run(async () => {
      await counters.findOne({ _id: 'c' });
      entered += 1;
      if (entered === 2) bothInside();
      // Both have read before either writes: the second writer meets the first's write.
      await Promise.race([inside, new Promise((resolve) => setImmediate(resolve))]);
      await counters.updateOne({ _id: 'c' }, { $inc: { n: 1 }, $push: { by: name } });
    });
  await Promise.all([increment('one'), increment('two')]);
  const counter = await counters.findOne({ _id: 'c' });
  expect(counter?.n).toBe(2);
  expect([...(counter?.by ?? [])].sort()).toEqual(['one', 'two']);
});
