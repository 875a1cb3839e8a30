import calculateSlot from 'cluster-key-slot';
import { KeySpace } from '../../../core/redis/key-space';
import { QueueShards } from '../../../core/redis/queue-shards';

const SLOTS = 16_384;

/** The masters' slot ranges as `redis-cli --cluster create` splits them among `masters`. */
function masterOfSlot(slot: number, masters: number): number {
  return Math.min(masters - 1, Math.floor(slot / Math.ceil(SLOTS / masters)));
}

describe('queue shards', () => {
  it.each([1, 2, 3, 6, 7, 12, 64, 256])(
    'puts each of %i shards in its own equal part of the slots',
    (count) => {
      const shards = new QueueShards(count);
      expect(shards.all).toHaveLength(count);
      for (const shard of shards.all) {
        expect(calculateSlot(`x{${shard.tag}}y`)).toBe(shard.slot);
        expect(shard.slot).toBeGreaterThanOrEqual(Math.floor((shard.index * SLOTS) / count));
        expect(shard.slot).toBeLessThan(Math.floor(((shard.index + 1) * SLOTS) / count));
      }
    },
  );

  it('spreads a multiple of the masters evenly over a cluster of three', () => {
    const perMaster = [0, 0, 0];
    for (const shard of new QueueShards(6).all) {
      const master = masterOfSlot(shard.slot, 3);
      perMaster[master] = (perMaster[master] ?? 0) + 1;
    }
    expect(perMaster).toEqual([2, 2, 2]);
  });

  it('gives a tenant the same shard in every process with the same count', () => {
    const tenants = Array.from({ length: 50 }, (_, i) => `tenant-${i}`);
    const first = tenants.map((tenant) => new QueueShards(8).of(tenant).index);
    const second = tenants.map((tenant) => new QueueShards(8).of(tenant).index);
    expect(second).toEqual(first);
  });

  it('spreads 200 tenants over the shards', () => {
    const shards = new QueueShards(6);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 200; i += 1) {
      const { index } = shards.of(`tenant-${i}`);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    const mean = 200 / 6;
    expect(Math.max(...counts) / mean).toBeLessThan(1.5);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });
});

describe('key space', () => {
  const keys = new KeySpace('fs', 4);

  it("keeps a tenant's keys under its shard's hash tag, in one slot", () => {
    const base = keys.ofTenant('acme');
    const { tag, slot } = keys.shards.of('acme');
    expect(base).toBe(`fs:{${tag}}`);
    expect(calculateSlot(`${base}:payload:acme:x:1`)).toBe(slot);
    expect(calculateSlot(`${base}:idempotency:acme:x:POST:abc`)).toBe(slot);
  });

  it('keeps keys of the whole deployment out of any shard', () => {
    expect(keys.global('receipt-sequence')).toBe('fs:receipt-sequence');
  });
});
