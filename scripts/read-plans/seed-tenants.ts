/**
 * A large tenant and a small one, written straight into the collections (no API, no worker): the
 * large one holds the volume whose indexes must not slow the small one's reads. Only the fields
 * the reads filter and sort on are realistic; the rest is filler of about a real document's size.
 */
import type { mongo } from 'mongoose';
import { collectionsOf, type Collections } from '../../core/storage/collections';

export interface TenantSize {
  tenant: string;
  items: number;
  historyRecords: number;
  /** Identifiers each history record names (the item trail's entries). */
  identifiersPerRecord: number;
  changeBatches: number;
  syncs: number;
  deliveries: number;
  users: number;
}

/** A tenant's funnel, export and content type: what its reads ask for (read-queries.ts). */
export function scopeOf(tenant: string) {
  return {
    tenant,
    funnelId: `${tenant}-funnel`,
    exportId: `${tenant}-export`,
    contentType: 'products',
  };
}

const STATUSES = ['success', 'error', 'partial', 'queued', 'processing'] as const;
const DELIVERY_STATUSES = ['succeeded', 'failed', 'pending'] as const;
const SYNC_STATES = ['open', 'committing', 'committed'] as const;
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const BATCH = 500;

/** A seeded document: a string `_id` and whatever fields its reads need. */
type Seeded = { _id: string } & Record<string, unknown>;
const FILLER = 'x'.repeat(400);

async function insertInBatches(
  collection: mongo.Collection<Seeded>,
  count: number,
  make: (i: number) => Seeded,
): Promise<void> {
  for (let start = 0; start < count; start += BATCH) {
    const documents = [];
    for (let i = start; i < Math.min(count, start + BATCH); i += 1) documents.push(make(i));
    await collection.insertMany(documents, { ordered: false });
  }
}

const identifier = (i: number) => `SKU-${String(i).padStart(7, '0')}`;

/** Writes one tenant's documents; every collection the reads touch gets its share. */
export async function seedTenant(raw: mongo.Db, size: TenantSize): Promise<void> {
  const names = collectionsOf(raw);
  const db = (key: keyof Collections) => raw.collection<Seeded>(names[key].collectionName);
  const { tenant, funnelId, exportId, contentType } = scopeOf(size.tenant);
  const at = (i: number) => new Date(T0 + i * 1_000);
  await db('contentTypes').insertOne({ _id: `${tenant}:${contentType}`, tenant, key: contentType });
  await db('funnels').insertOne({ _id: `${tenant}:erp`, tenant, id: funnelId, contentType });
  await db('exports').insertOne({
    _id: `${tenant}:${exportId}`,
    tenant,
    id: exportId,
    createdAt: at(0),
  });
  await insertInBatches(db('users'), size.users, (i) => ({
    _id: `${tenant}-user-${i}`,
    tenant,
    email: `user${i}@${tenant}.test`,
    active: true,
    permissions: ['manage_funnels'],
    createdAt: at(i),
  }));
  await insertInBatches(db('tokens'), size.users, (i) => ({
    _id: `${tenant}-token-${i}`,
    tenant,
    userId: `${tenant}-user-${i}`,
    createdAt: at(i),
  }));
  await insertInBatches(db('items'), size.items, (i) => ({
    _id: `${tenant}:${contentType}:${identifier(i)}`,
    tenant,
    contentType,
    identifier: identifier(i),
    identifierLower: identifier(i).toLowerCase(),
    funnelId,
    sequence: i,
    properties: { description: FILLER },
  }));
  await insertInBatches(db('history'), size.historyRecords, (i) => ({
    _id: `${tenant}:record-${i}`,
    tenant,
    funnelId,
    requestId: `request-${i}`,
    status: STATUSES[i % STATUSES.length],
    sync: i % 10 === 0 ? `sync-${i % 50}` : null,
    receivedAt: at(i),
    sequence: i,
    identifiers: Array.from({ length: size.identifiersPerRecord }, (_, k) =>
      identifier((i * size.identifiersPerRecord + k) % Math.max(1, size.items)),
    ),
    payload: FILLER,
  }));
  await insertInBatches(db('changes'), size.changeBatches, (i) => ({
    _id: `${tenant}:${i * 10 + 1}`,
    tenant,
    contentType,
    firstSeq: i * 10 + 1,
    lastSeq: i * 10 + 10,
    entries: Array.from({ length: 10 }, (_, k) => ({
      identifier: identifier((i * 10 + k) % Math.max(1, size.items)),
    })),
    at: at(i),
  }));
  await insertInBatches(db('syncs'), size.syncs, (i) => ({
    _id: `${tenant}:sync-${i}`,
    tenant,
    funnelId,
    state: SYNC_STATES[i % SYNC_STATES.length],
    startedAt: at(i),
    expiresAt: at(i + 86_400),
  }));
  await insertInBatches(db('exportDeliveries'), size.deliveries, (i) => ({
    _id: `${exportId}:${tenant}:${i}`,
    tenant,
    exportId,
    status: DELIVERY_STATUSES[i % DELIVERY_STATUSES.length],
    createdAt: at(i),
    attempts: [{ response: FILLER }],
  }));
}
