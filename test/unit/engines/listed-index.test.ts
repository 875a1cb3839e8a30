/**
 * An index the server lists counts as the service's only with the same key (fields, order,
 * directions), the same unique and TTL options, never sparse, and partial only as declared: the
 * start-up check refuses anything else (docs/operations.md#indexes).
 */
import { mismatchOf } from '../../../core/storage/engines/mongodb/listed-index';
import type { ServiceIndex } from '../../../core/storage/indexes';

const unique: ServiceIndex = {
  collection: 'users',
  key: { tenant: 1, email: 1 },
  name: 'tenant_email',
  unique: true,
};
const ttl: ServiceIndex = {
  collection: 'sessions',
  key: { expiresAt: 1 },
  name: 'expires_ttl',
  expires: true,
};

describe('a listed index against the declared one', () => {
  it('when the server lists it as declared (directions as doubles), then nothing differs', () => {
    expect(
      mismatchOf(unique, { name: 'tenant_email', key: { tenant: 1.0, email: 1 }, unique: true }),
    ).toBeNull();
    expect(
      mismatchOf(ttl, { name: 'expires_ttl', key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    ).toBeNull();
  });

  it('when its key has another order or direction, then the key is named', () => {
    expect(
      mismatchOf(unique, { name: 'tenant_email', key: { email: 1, tenant: 1 }, unique: true }),
    ).toBe('key { email: 1, tenant: 1 }');
    expect(
      mismatchOf(unique, { name: 'tenant_email', key: { tenant: 1, email: -1 }, unique: true }),
    ).toBe('key { tenant: 1, email: -1 }');
  });

  it('when an option differs, then each difference is named', () => {
    expect(mismatchOf(unique, { name: 'tenant_email', key: unique.key })).toBe('not unique');
    expect(mismatchOf(ttl, { name: 'expires_ttl', key: ttl.key })).toBe('no TTL');
    expect(mismatchOf(ttl, { name: 'expires_ttl', key: ttl.key, expireAfterSeconds: 60 })).toBe(
      'TTL of 60 s after expiresAt',
    );
    expect(
      mismatchOf(unique, {
        name: 'tenant_email',
        key: unique.key,
        unique: true,
        sparse: true,
        expireAfterSeconds: 5,
      }),
    ).toBe('a TTL of 5 s, sparse');
    expect(
      mismatchOf(ttl, {
        name: 'expires_ttl',
        key: ttl.key,
        expireAfterSeconds: 0,
        unique: true,
        partialFilterExpression: { tenant: 'a' },
      }),
    ).toBe('unique, partial');
  });

  it('when an index is declared partial on a field, then only that filter matches it', () => {
    const partial: ServiceIndex = {
      collection: 'history',
      key: { tenant: 1, sync: 1 },
      name: 'tenant_sync',
      onlyWith: 'sync',
    };
    const listed = { name: 'tenant_sync', key: partial.key };
    expect(
      mismatchOf(partial, { ...listed, partialFilterExpression: { sync: { $exists: true } } }),
    ).toBeNull();
    expect(mismatchOf(partial, listed)).toBe('not partial');
    expect(
      mismatchOf(partial, { ...listed, partialFilterExpression: { sync: { $type: 'string' } } }),
    ).toBe('partial on {"sync":{"$type":"string"}}');
  });
});
