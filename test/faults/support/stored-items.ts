/**
 * What the fault tests check after a worker died: every item stored once, as sent, and every
 * stored item's change in the change log.
 */
import { ChangeLogStore } from '../../../core/changes/change-log-store';
import { MONGODB_CHANGE_BATCHES } from '../../../core/storage/engines/mongodb/mongodb-change-batches';
import { storedAsSent, type Deployment, type SentItem } from './deployment';

/** Every item stored once, as sent, and nothing else in the tenant. */
export async function expectStoredExactlyOnce(
  deployment: Deployment,
  contentType: string,
  items: SentItem[],
) {
  const stored = await deployment.storedItems(contentType);
  expect(stored).toHaveLength(items.length);
  const byIdentifier = new Map(stored.map((item) => [item.identifier, item]));
  expect(byIdentifier.size).toBe(items.length);
  const wrong = items.filter((sent) => {
    const found = byIdentifier.get(sent.sku);
    return found === undefined || !storedAsSent(found, sent);
  });
  expect(wrong).toEqual([]);
  expect(await deployment.db.items.countDocuments({ tenant: deployment.tenant })).toBe(
    items.length,
  );
  await expectEveryChangeRecorded(deployment, contentType, stored);
}

/**
 * The change log holds every stored item at its version, though the worker that wrote some of
 * them died before recording them (docs/changes.md): whoever wrote next recorded what it left.
 */
export async function expectEveryChangeRecorded(
  deployment: Deployment,
  contentType: string,
  stored: { identifier: string; version?: number }[],
) {
  const log = new ChangeLogStore(deployment.db, MONGODB_CHANGE_BATCHES);
  const changes = await log.readRecords(deployment.tenant, 0, 1_000_000);
  const recorded = new Set(
    changes
      .filter((change) => change.contentType === contentType)
      .map((change) => `${change.identifier}@${change.version}`),
  );
  const missing = stored.filter((item) => !recorded.has(`${item.identifier}@${item.version}`));
  expect(missing.map((item) => item.identifier)).toEqual([]);
}
