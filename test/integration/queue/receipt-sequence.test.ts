import { clockFloor, ReceiptSequence } from '../../../core/redis/receipt-sequence';
import { testKeys, testRedis, uniquePrefix } from '../../support/test-env';

describe('the receipt sequence', () => {
  const redis = testRedis();
  afterAll(() => redis.disconnect());

  it('when many requests are accepted at once, on one clock reading, then each gets its own number in order', async () => {
    const receipts = new ReceiptSequence(redis, testKeys(uniquePrefix('receipts')));
    const now = new Date();
    const numbers = await Promise.all(Array.from({ length: 200 }, () => receipts.next(now)));
    expect(new Set(numbers).size).toBe(200);
    // One connection sends its commands in order: the numbers come back in that order too.
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
  });

  it('when hosts disagree about the time, then the order is still that of acceptance', async () => {
    const receipts = new ReceiptSequence(redis, testKeys(uniquePrefix('receipts')));
    const ahead = await receipts.next(new Date(Date.now() + 3_600_000));
    const behind = await receipts.next(new Date(Date.now() - 3_600_000));
    expect(behind).toBeGreaterThan(ahead);
  });

  it('when Redis lost the counter, then it goes on above the clock, not from 1', async () => {
    const keys = testKeys(uniquePrefix('receipts'));
    const receipts = new ReceiptSequence(redis, keys);
    const before = await receipts.next(new Date());
    // One counter for the whole deployment, under no tenant's shard.
    expect(await redis.get(`${keys.prefix}:receipt-sequence`)).not.toBeNull();
    await redis.del(keys.global('receipt-sequence'));
    // Redis comes back after a restart: a second later at the least.
    const now = new Date(Date.now() + 1_000);
    const after = await receipts.next(now);
    expect(after).toBeGreaterThanOrEqual(clockFloor(now));
    expect(after).toBeGreaterThan(before);
  });
});
