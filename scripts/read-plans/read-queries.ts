/**
 * Each named read (SERVICE_READS) as one query of a tenant, with values its documents hold
 * (seed-tenants.ts): an equality field gets the tenant's value, a range its lower bound, a field
 * tested on the documents found a value that passes.
 */
import type { ReadShape } from '../../core/mongo/read-shape';
import type { Collections } from '../../core/storage/collections';
import { scopeOf } from './seed-tenants';

export interface ReadQuery {
  collection: keyof Collections;
  filter: Record<string, unknown>;
  sort?: Record<string, 1 | -1>;
  /** A page: 21 (a list of 20 and one more, to know a next page exists); unset for a count. */
  limit?: number;
}

/** One existing document's `_id` in each collection read by `_id`. */
function idOf(collection: keyof Collections, tenant: string): unknown {
  const { exportId, contentType } = scopeOf(tenant);
  const ids: Partial<Record<keyof Collections, string>> = {
    tokens: `${tenant}-token-0`,
    users: `${tenant}-user-0`,
    contentTypes: `${tenant}:${contentType}`,
    funnels: `${tenant}:erp`,
    items: `${tenant}:${contentType}:SKU-0000001`,
    history: `${tenant}:record-1`,
    changes: `${tenant}:1`,
    syncs: `${tenant}:sync-1`,
    exports: `${tenant}:${exportId}`,
  };
  return ids[collection] ?? `${tenant}:none`;
}

function valueOf(field: string, collection: keyof Collections, tenant: string): unknown {
  const scope = scopeOf(tenant);
  const values: Record<string, unknown> = {
    tenant,
    funnelId: scope.funnelId,
    exportId: scope.exportId,
    contentType: scope.contentType,
    email: `user0@${tenant}.test`,
    status: collection === 'exportDeliveries' ? 'failed' : 'error',
    sync: 'sync-0',
    requestId: 'request-1',
    identifiers: 'SKU-0000001',
    'entries.identifier': 'SKU-0000001',
    state: 'open',
    sequence: 1,
    active: true,
    permissions: 'manage_funnels',
  };
  return values[field];
}

/** What a field tested on the documents found is asked, as the service asks it. */
function alsoTestOf(field: string, collection: keyof Collections, tenant: string): unknown {
  if (field === 'syncCommit') return { $ne: true };
  if (field === '_id') return { $ne: `${tenant}:none` };
  if (field === 'expiresAt') return { $gt: new Date('2026-01-01T00:00:00.000Z') };
  return valueOf(field, collection, tenant);
}

function rangeOf(field: string, tenant: string): unknown {
  if (field === '_id') {
    const first = `${tenant}:${scopeOf(tenant).contentType}:`;
    return { $gte: first, $lt: `${first.slice(0, -1)};` };
  }
  if (field === 'lastSeq') return { $gte: 1 };
  return { $gte: new Date('2026-01-01T00:00:00.000Z') };
}

export function readQuery(shape: ReadShape<keyof Collections>, tenant: string): ReadQuery {
  const { collection } = shape;
  const filter: Record<string, unknown> = {};
  for (const field of shape.equals) {
    filter[field] = field === '_id' ? idOf(collection, tenant) : valueOf(field, collection, tenant);
  }
  if (shape.range) filter[shape.range] = rangeOf(shape.range, tenant);
  for (const field of shape.alsoTests ?? []) filter[field] = alsoTestOf(field, collection, tenant);
  const counts = shape.read.includes('count');
  return {
    collection,
    filter,
    ...(shape.sort && { sort: { ...shape.sort } }),
    ...(!counts && { limit: 21 }),
  };
}
