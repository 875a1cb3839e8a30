/**
 * A lookup or delete by ids is split so that each `$in` fits a command, whatever the ids' length:
 * MongoDB refuses a command over 16 MiB.
 */
import { mongo } from 'mongoose';
import { boundedBatches } from '../../../core/mongo/batch-operations';

const MIB = 1024 * 1024;

describe('boundedBatches', () => {
  it('when the values are few and short, then they are one batch, in order', () => {
    expect(boundedBatches(['a', 'b', 'c'])).toEqual([['a', 'b', 'c']]);
    expect(boundedBatches([])).toEqual([]);
  });

  it('when there are more than 50,000 values, then no batch holds more', () => {
    const values = Array.from({ length: 120_001 }, (_, i) => `id-${i}`);
    const batches = boundedBatches(values);
    expect(batches.map((batch) => batch.length)).toEqual([50_000, 50_000, 20_001]);
    expect(batches.flat()).toEqual(values);
  });

  it('when the values are long, then each batch stays far under a command’s 16 MiB', () => {
    // 20,000 identifiers of 256 characters of 4 bytes each, behind a tenant and content type.
    const long = 'é'.repeat(512);
    const values = Array.from({ length: 20_000 }, (_, i) => `acme:products:${long}${i}`);
    const batches = boundedBatches(values);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(mongo.BSON.calculateObjectSize({ _id: { $in: batch } })).toBeLessThanOrEqual(8 * MIB);
    }
    expect(batches.flat()).toEqual(values);
  });
});
