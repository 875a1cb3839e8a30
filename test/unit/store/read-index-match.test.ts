/**
 * The read-index rule of the store's tests: a partial index holds only the documents its filter
 * names, so it serves a read only when the read matches each field of that filter to a value.
 */
import { indexServing, type ListedIndex } from '../../support/read-index-match';

const partialOnSync: ListedIndex = {
  name: 'tenant_sync_received',
  key: { tenant: 1, sync: 1, receivedAt: -1 },
  partialFilterExpression: { sync: { $exists: true } },
};

describe('read-index match', () => {
  it('when a read matches the partial filter’s field, then the partial index serves it', () => {
    const bySync = {
      read: 'by sync',
      collection: 'history' as const,
      equals: ['tenant', 'sync'],
      sort: { receivedAt: -1 as const },
    };
    expect(indexServing(bySync, [partialOnSync])).toBe('tenant_sync_received');
  });

  it('when a read does not match the partial filter’s field, then the partial index does not serve it', () => {
    const byTenant = { read: 'by tenant', collection: 'history' as const, equals: ['tenant'] };
    expect(indexServing(byTenant, [partialOnSync])).toBeNull();
    const plain = { ...partialOnSync, partialFilterExpression: undefined };
    expect(indexServing(byTenant, [plain])).toBe('tenant_sync_received');
  });
});
