/**
 * The recent item states in a real Redis: a value only ever gives way to a higher version, lives
 * for its time, and a reader's store-back that comes too late is dropped
 * (docs/changes.md#recent-item-states).
 */
import { Redis } from 'ioredis';
import { itemView, type ViewedItem } from '../../../core/items/item';
import { RecentItemStates } from '../../../core/changes/recent-item-states';
import { redisUrl, uniquePrefix } from '../../support/test-env';

/** An item's fields as a writer has them. */
const item = (identifier: string, name: string): ViewedItem => ({
  identifier,
  name,
  image: null,
  parent: null,
  properties: { color: 'red', sizes: ['S', 'M'] },
  createdAt: new Date('2026-11-25T00:00:00.000Z'),
  updatedAt: new Date('2026-11-25T00:00:01.000Z'),
});
/** The same as readers get it. */
const view = (identifier: string, name: string) => itemView(item(identifier, name));

describe('RecentItemStates', () => {
  let redis: Redis;
  let scopes = 0;
  const scope = () => ({ tenant: `t${(scopes += 1)}`, contentType: 'products' });

  beforeAll(() => {
    redis = new Redis(redisUrl());
  });
  afterAll(() => redis.disconnect());

  const states = (ttlMs = 60_000) => new RecentItemStates(redis, uniquePrefix('recent'), ttlMs);

  it('when writers store states, then a reader gets each item at its highest version, deletions as null', async () => {
    const recent = states();
    const s = scope();
    await recent.remember(s, [
      { event: 'created', identifier: 'A', version: 1, item: item('A', 'one') },
      { event: 'created', identifier: 'B', version: 1, item: item('B', 'bee') },
    ]);
    await recent.remember(s, [
      { event: 'updated', identifier: 'A', version: 3, item: item('A', 'three') },
      { event: 'deleted', identifier: 'B', version: 2, item: null },
    ]);
    // A lower version comes too late: it does not replace the higher one.
    await recent.remember(s, [
      { event: 'updated', identifier: 'A', version: 2, item: item('A', 'two') },
    ]);
    const { states: found, readAt } = await recent.recall(s, ['A', 'B', 'C']);
    expect(found.get('A')).toEqual({ version: 3, item: view('A', 'three') });
    expect(found.get('B')).toEqual({ version: 2, item: null });
    expect(found.has('C')).toBe(false);
    expect(readAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('when a change carries no state, then nothing is stored for it', async () => {
    const recent = states();
    const s = scope();
    await recent.remember(s, [{ event: 'updated', identifier: 'A', version: 4 }]);
    expect((await recent.recall(s, ['A'])).states.size).toBe(0);
  });

  it('when a reader stores back what it read, then it never lowers a version', async () => {
    const recent = states();
    const s = scope();
    const { readAt } = await recent.recall(s, ['A', 'B']);
    await recent.remember(s, [
      { event: 'updated', identifier: 'A', version: 5, item: item('A', 'five') },
    ]);
    await recent.storeBack(s, readAt, [
      { identifier: 'A', version: 4, item: view('A', 'four') },
      { identifier: 'B', version: 2, item: view('B', 'two') },
    ]);
    const { states: found } = await recent.recall(s, ['A', 'B']);
    expect(found.get('A')?.version).toBe(5);
    expect(found.get('B')).toEqual({ version: 2, item: view('B', 'two') });
  });

  it('when a store-back comes as late as a value lives, then it sets nothing and removes lower versions', async () => {
    const recent = states(1_000);
    const s = scope();
    await recent.remember(s, [
      { event: 'updated', identifier: 'A', version: 3, item: item('A', 'three') },
      { event: 'updated', identifier: 'B', version: 6, item: item('B', 'six') },
    ]);
    const [seconds] = await redis.time();
    const longAgo = Number(seconds) * 1000 - 1_000;
    await recent.storeBack(s, longAgo, [
      { identifier: 'A', version: 4, item: view('A', 'four') },
      { identifier: 'B', version: 5, item: view('B', 'five') },
      { identifier: 'C', version: 1, item: view('C', 'one') },
    ]);
    const { states: found } = await recent.recall(s, ['A', 'B', 'C']);
    expect(found.has('A')).toBe(false);
    expect(found.get('B')).toEqual({ version: 6, item: view('B', 'six') });
    expect(found.has('C')).toBe(false);
  });

  it('when its time has passed, then a value is gone', async () => {
    const recent = states(100);
    const s = scope();
    await recent.remember(s, [
      { event: 'created', identifier: 'A', version: 1, item: item('A', 'a') },
    ]);
    expect((await recent.recall(s, ['A'])).states.size).toBe(1);
    const deadline = Date.now() + 5_000;
    while ((await recent.recall(s, ['A'])).states.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await recent.recall(s, ['A'])).states.size).toBe(0);
  });
});
