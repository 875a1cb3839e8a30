/**
 * Creates the indexes every process relies on; idempotent, run at start-up by each process.
 * FerretDB v1 refuses TTL (`expireAfterSeconds`) indexes: there the history is purged by the
 * worker's periodic purge instead (and item tombstones by each DELETE), and `ttlIndex` reports
 * false.
 */
import type { Logger } from '../logging/logger';
import type { Collections } from './collections';

export interface IndexReport {
  ttlIndex: boolean;
}

export async function ensureIndexes(db: Collections, logger: Logger): Promise<IndexReport> {
  await Promise.all([
    db.users.createIndex({ tenant: 1, email: 1 }, { unique: true, name: 'tenant_email' }),
    db.tokens.createIndex({ tenant: 1, userId: 1 }, { name: 'tenant_user' }),
    db.contentTypes.createIndex({ tenant: 1 }, { name: 'tenant' }),
    db.funnels.createIndex({ tenant: 1, contentType: 1 }, { name: 'tenant_content_type' }),
    db.items.createIndex(
      { tenant: 1, contentType: 1, identifierLower: 1 },
      { name: 'tenant_content_type_identifier_lower' },
    ),
    db.history.createIndex(
      { tenant: 1, funnel: 1, receivedAt: -1, _id: -1 },
      { name: 'tenant_funnel_received' },
    ),
    db.history.createIndex(
      { tenant: 1, funnel: 1, requestId: 1, receivedAt: -1 },
      { name: 'tenant_funnel_request' },
    ),
    db.itemTombstones.createIndex({ tenant: 1, contentType: 1 }, { name: 'tenant_content_type' }),
    db.changes.createIndex({ tenant: 1, lastSeq: 1 }, { unique: true, name: 'tenant_last_seq' }),
    db.items.createIndex(
      { tenant: 1, contentType: 1, funnel: 1 },
      { name: 'tenant_content_type_funnel' },
    ),
    db.syncNames.createIndex({ tenant: 1, syncId: 1 }, { name: 'tenant_sync' }),
    db.exports.createIndex({ tenant: 1 }, { name: 'tenant' }),
    db.exportDeliveries.createIndex(
      { exportId: 1, status: 1, createdAt: -1 },
      { name: 'export_status_created' },
    ),
    // The same for the log, which the delivery list reads beside the work queue; its TTL index
    // is ensureDeliveryLogTtl's (core/export/delivery-log-retention.ts), which knows the days.
    db.exportDeliveryLog.createIndex(
      { exportId: 1, status: 1, createdAt: -1 },
      { name: 'export_status_created' },
    ),
  ]);
  try {
    const ttl = { expireAfterSeconds: 0, name: 'expires_ttl' };
    await db.history.createIndex({ expiresAt: 1 }, ttl);
    await db.itemTombstones.createIndex({ expiresAt: 1 }, ttl);
    await db.syncNames.createIndex({ expiresAt: 1 }, ttl);
    return { ttlIndex: true };
  } catch (error) {
    logger.info(
      { err: (error as Error).message },
      'the server refuses TTL indexes (FerretDB v1); history expiry falls to the periodic purge',
    );
    return { ttlIndex: false };
  }
}
