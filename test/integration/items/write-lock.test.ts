/**
 * The write lock (docs/storage.md#the-write-lock) is a short lease that its
 * holder keeps renewing: a live holder keeps it as long as it writes, and the lock of a worker
 * killed while holding it expires within one lease, not after a long fixed timeout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { redisWriteLock, writeLockKey } from '../../../core/items/write-lock';
import { createLogger } from '../../../core/platform/logger';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniquePrefix } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';

/** The longest a dead holder may keep its content type blocked. */
const LEASE_MS = 10_000;
const HOLDER = join(__dirname, 'support', 'hold-write-lock.ts');

describe('the write lock: a lease its holder renews', () => {
  const prefix = uniquePrefix('writelock');
  const keys = testKeys(prefix);
  let redis: RedisClient;
  const holders: ChildProcess[] = [];

  beforeAll(() => {
    redis = testRedis();
  });
  afterAll(() => {
    redis.disconnect();
  });
  afterEach(() => {
    holders.forEach((child) => child.kill('SIGKILL'));
  });

  /** The mutex's key in Redis, as redis-semaphore names it. */
  const lockKey = (tenant: string, contentType: string) =>
    `mutex:${writeLockKey(keys, tenant, contentType)}`;

  /** Starts a process that takes the lock and holds it until killed. */
  async function startHolder(tenant: string, contentType: string): Promise<ChildProcess> {
    // Node itself with tsx's loader (not the tsx command, which runs a child): a kill kills it.
    const args = ['--import', 'tsx', HOLDER, prefix, tenant, contentType];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    holders.push(child);
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    await waitUntil(
      () => output,
      (text) => text.includes('held'),
      { what: 'the holder to take the lock', timeoutMs: 30_000 },
    );
    return child;
  }

  async function kill(child: ChildProcess): Promise<void> {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  it('when a holder is alive, then it renews its lease past the first one', async () => {
    const key = lockKey('t1', 'products');
    const holder = await startHolder('t1', 'products');
    const first = await redis.pttl(key);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(LEASE_MS);
    // A renewal shows as a remaining time that goes up again; the key never expires meanwhile.
    const seen = [first];
    await waitUntil(
      () => redis.pttl(key),
      (now) => {
        seen.push(now);
        return now <= 0 || now > (seen.at(-2) ?? now);
      },
      { what: 'the lease to be renewed', everyMs: 20 },
    );
    expect(seen.every((remaining) => remaining > 0)).toBe(true);
    await kill(holder);
  });

  it('when the holder is killed, then its lock expires within one lease and another writer takes it', async () => {
    const key = lockKey('t2', 'products');
    const holder = await startHolder('t2', 'products');
    const held = await redis.get(key);
    expect(await redis.pttl(key)).toBeLessThanOrEqual(LEASE_MS);
    await kill(holder);

    // From the kill on nobody renews: the remaining time only goes down until another takes it.
    const lock = redisWriteLock(redis, keys, createLogger('t', 'silent'));
    let takenBy: string | null = null;
    const second = lock.around('t2', 'products', async () => {
      takenBy = await redis.get(key);
    });
    const seen: number[] = [];
    await waitUntil(
      async () => ({ owner: await redis.get(key), remaining: await redis.pttl(key) }),
      ({ owner, remaining }) => {
        if (owner === held) seen.push(remaining);
        return takenBy !== null;
      },
      { what: 'another writer to take the lock', everyMs: 20 },
    );
    await second;
    expect(takenBy).not.toBe(held);
    expect(seen.every((remaining, i) => i === 0 || remaining <= (seen[i - 1] ?? 0))).toBe(true);
  });

  it('when two requests write the same content type, then the second waits for the first', async () => {
    const lock = redisWriteLock(redis, keys, createLogger('t', 'silent'));
    const events: string[] = [];
    let releaseFirst = () => {};
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstEntered = () => {};
    const entered = new Promise<void>((resolve) => (firstEntered = resolve));
    const first = lock.around('acme', 'waits', async () => {
      events.push('first in');
      firstEntered();
      await firstHolds;
      events.push('first out');
    });
    await entered;
    const second = lock.around('acme', 'waits', () => {
      events.push('second in');
      return Promise.resolve();
    });
    // The second is queued behind the lock; the first lets go only now.
    releaseFirst();
    await Promise.all([first, second]);
    expect(events).toEqual(['first in', 'first out', 'second in']);
  });

  it('when a waiting writer is aborted (its job handed back at shutdown), then it stops waiting and never writes', async () => {
    const lock = redisWriteLock(redis, keys, createLogger('t', 'silent'));
    let releaseFirst = () => {};
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstEntered = () => {};
    const entered = new Promise<void>((resolve) => (firstEntered = resolve));
    const first = lock.around('acme', 'aborts', async () => {
      firstEntered();
      await firstHolds;
    });
    await entered;
    const shutdown = new AbortController();
    let wrote = false;
    const waiting = lock.around(
      'acme',
      'aborts',
      () => {
        wrote = true;
        return Promise.resolve();
      },
      shutdown.signal,
    );
    shutdown.abort(new Error('shutdown'));
    // It gives up while the first still holds the lock, not after the lock's acquire timeout.
    await expect(waiting).rejects.toThrow('shutdown');
    releaseFirst();
    await first;
    expect(wrote).toBe(false);
  });
});
