/**
 * The indexes every process relies on, as data: the index command creates them (`indexes
 * create`, through the storage adapter in core/storage/engines/), and every process checks them
 * at start-up (required-indexes.ts). Documents whose `expiresAt` date has passed are removed
 * (`expires`) by a TTL index. The service writes no document that lacks, or stores null in, a
 * field of a unique index's key (MongoDB would index both as null and make the second such
 * document collide: docs/storage.md#indexed-fields).
 */
import type { Collections } from './collections';

export interface ServiceIndex {
  collection: keyof Collections;
  key: Record<string, 1 | -1>;
  name: string;
  unique?: true;
  /** A TTL index on `expiresAt`: a document goes once that date has passed. */
  expires?: true;
  /**
   * Only the documents that hold this field are indexed (a partial index on the field's
   * existence): for a field few documents hold, whose reads match it to a value. A plain index
   * would keep an entry for every document, the field's absence indexed as null, and every write
   * of the collection would pay for it.
   */
  onlyWith?: string;
}

const EXPIRES: Pick<ServiceIndex, 'key' | 'name' | 'expires'> = {
  key: { expiresAt: 1 },
  name: 'expires_ttl',
  expires: true,
};

export const SERVICE_INDEXES: readonly ServiceIndex[] = [
  { collection: 'users', key: { tenant: 1, email: 1 }, name: 'tenant_email', unique: true },
  { collection: 'users', key: { tenant: 1, createdAt: 1, _id: 1 }, name: 'tenant_created' },
  { collection: 'tokens', key: { tenant: 1, userId: 1 }, name: 'tenant_user' },
  { collection: 'tokens', key: { tenant: 1, createdAt: 1, _id: 1 }, name: 'tenant_created' },
  { collection: 'sessions', key: { tenant: 1, userId: 1 }, name: 'tenant_user' },
  { collection: 'sessions', ...EXPIRES },
  { collection: 'invitations', key: { tenant: 1, userId: 1 }, name: 'tenant_user' },
  { collection: 'invitations', ...EXPIRES },
  { collection: 'contentTypes', key: { tenant: 1, _id: 1 }, name: 'tenant_id' },
  { collection: 'funnels', key: { tenant: 1, contentType: 1 }, name: 'tenant_content_type' },
  { collection: 'funnels', key: { tenant: 1, _id: 1 }, name: 'tenant_id' },
  {
    collection: 'items',
    key: { tenant: 1, contentType: 1, identifierLower: 1 },
    name: 'tenant_content_type_identifier_lower',
  },
  {
    collection: 'items',
    key: { tenant: 1, contentType: 1, funnelId: 1 },
    name: 'tenant_content_type_funnel',
  },
  {
    collection: 'history',
    key: { tenant: 1, funnelId: 1, receivedAt: -1, _id: -1 },
    name: 'tenant_funnel_received',
  },
  {
    collection: 'history',
    key: { tenant: 1, funnelId: 1, requestId: 1, receivedAt: -1, _id: -1 },
    name: 'tenant_funnel_request_received',
  },
  {
    collection: 'history',
    key: { tenant: 1, funnelId: 1, status: 1, receivedAt: -1, _id: -1 },
    name: 'tenant_funnel_status_received',
  },
  // A full sync's requests and a re-drive's: a few records among many.
  {
    collection: 'history',
    key: { tenant: 1, funnelId: 1, sync: 1, receivedAt: -1, _id: -1 },
    name: 'tenant_funnel_sync_received',
    onlyWith: 'sync',
  },
  {
    collection: 'history',
    key: { tenant: 1, funnelId: 1, dryRun: 1, receivedAt: -1, _id: -1 },
    name: 'tenant_funnel_dry_run_received',
  },
  {
    collection: 'history',
    key: { tenant: 1, funnelId: 1, identifiers: 1, receivedAt: -1, _id: -1 },
    name: 'tenant_funnel_identifiers',
  },
  {
    collection: 'history',
    key: { tenant: 1, funnelId: 1, redriveId: 1, receivedAt: -1, _id: -1 },
    name: 'tenant_funnel_redrive_received',
    onlyWith: 'redriveId',
  },
  // A re-drive's walk of the failed requests, in receipt order.
  {
    collection: 'history',
    key: { tenant: 1, funnelId: 1, status: 1, sequence: 1 },
    name: 'tenant_funnel_status_sequence',
  },
  { collection: 'history', ...EXPIRES },
  {
    collection: 'historyParts',
    key: { tenant: 1, record: 1, part: 1 },
    name: 'tenant_record_part',
  },
  {
    collection: 'historyParts',
    key: { tenant: 1, funnelId: 1, identifiers: 1, receivedAt: -1, record: -1 },
    name: 'tenant_funnel_identifiers',
  },
  { collection: 'historyParts', ...EXPIRES },
  {
    collection: 'historyPayloads',
    key: { tenant: 1, record: 1, chunk: 1 },
    name: 'tenant_record_chunk',
  },
  { collection: 'historyPayloads', ...EXPIRES },
  { collection: 'itemTombstones', key: { tenant: 1, contentType: 1 }, name: 'tenant_content_type' },
  { collection: 'itemTombstones', ...EXPIRES },
  // Not unique: a collection sharded on (tenant, firstSeq) may hold no unique index that does not
  // start with its key. A batch is only appended right after another, whose `_id`, tenant:firstSeq,
  // collides on a race: no two batches of a tenant can end at one number.
  { collection: 'changes', key: { tenant: 1, lastSeq: 1 }, name: 'tenant_last_seq' },
  // The shard key's index (docs/operations.md#sharding).
  { collection: 'changes', key: { tenant: 1, firstSeq: 1 }, name: 'tenant_first_seq' },
  {
    collection: 'changes',
    key: { tenant: 1, contentType: 1, 'entries.identifier': 1, lastSeq: -1 },
    name: 'tenant_content_type_entry_identifier',
  },
  { collection: 'changeDiffs', ...EXPIRES },
  {
    collection: 'syncs',
    key: { tenant: 1, funnelId: 1, startedAt: -1, _id: -1 },
    name: 'tenant_funnel_started',
  },
  {
    collection: 'syncs',
    key: { tenant: 1, funnelId: 1, state: 1, startedAt: -1, _id: -1 },
    name: 'tenant_funnel_state_started',
  },
  { collection: 'syncNames', key: { tenant: 1, syncId: 1 }, name: 'tenant_sync' },
  { collection: 'syncNames', ...EXPIRES },
  {
    collection: 'redrives',
    key: { tenant: 1, funnelId: 1, createdAt: -1, _id: -1 },
    name: 'tenant_funnel_created',
  },
  // One active re-drive per funnel: its slot is `active` until it ends (core/redrives/redrive.ts).
  {
    collection: 'redrives',
    key: { tenant: 1, funnelId: 1, slot: 1 },
    name: 'tenant_funnel_slot',
    unique: true,
  },
  { collection: 'redrives', ...EXPIRES },
  { collection: 'exports', key: { tenant: 1, createdAt: 1, _id: 1 }, name: 'tenant_created' },
  {
    collection: 'exportDeliveries',
    key: { tenant: 1, exportId: 1, createdAt: -1, _id: -1 },
    name: 'tenant_export_created',
  },
  {
    collection: 'exportDeliveries',
    key: { tenant: 1, exportId: 1, status: 1, createdAt: -1, _id: -1 },
    name: 'tenant_export_status_created',
  },
  { collection: 'exportDeliveries', ...EXPIRES },
];
