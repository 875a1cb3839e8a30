/**
 * The service's indexes on MongoDB: how each stands on the server (listIndexes), and the creation
 * of those missing, one createIndexes command per collection. An index that exists with another
 * key or other options is reported, never dropped: dropping and building an index again on a
 * large collection is the operator's decision (docs/operations.md#indexes).
 */
import type { mongo } from 'mongoose';
import type { Collections } from '../../collections';
import { SERVICE_INDEXES, type ServiceIndex } from '../../indexes';
import type { IndexState } from '../../index-state';
import { mismatchOf, partialFilterOf, sameKey, type ListedIndex } from './listed-index';

/** MongoDB's answer to listIndexes on a collection that does not exist yet. */
const NAMESPACE_NOT_FOUND = 26;

/** How MongoDB creates one of the service's indexes: an expiring one as a TTL index. */
export function mongoIndexOptions(index: ServiceIndex): mongo.CreateIndexesOptions {
  return {
    name: index.name,
    ...(index.unique ? { unique: true } : {}),
    // Each document holds its own expiry: it goes once `expiresAt` has passed.
    ...(index.expires ? { expireAfterSeconds: 0 } : {}),
    ...(index.onlyWith ? { partialFilterExpression: partialFilterOf(index.onlyWith) } : {}),
  };
}

async function listedIndexes(
  collection: Pick<mongo.Collection, 'listIndexes'>,
): Promise<ListedIndex[]> {
  try {
    return (await collection.listIndexes().toArray()) as ListedIndex[];
  } catch (error) {
    if ((error as { code?: unknown }).code === NAMESPACE_NOT_FOUND) return [];
    throw error;
  }
}

function stateOf(index: ServiceIndex, collection: string, listed: ListedIndex[]): IndexState {
  const named = listed.find((candidate) => candidate.name === index.name);
  if (named) {
    const found = mismatchOf(index, named);
    return found
      ? { index, collection, status: 'differs', found }
      : { index, collection, status: 'present' };
  }
  // MongoDB refuses a second index on the same key and options under another name.
  const sameKeyed = listed.find((candidate) => sameKey(index, candidate));
  if (sameKeyed)
    return { index, collection, status: 'differs', found: `its key indexed as ${sameKeyed.name}` };
  return { index, collection, status: 'missing' };
}

export async function indexStates(db: Collections): Promise<IndexState[]> {
  const names = [...new Set(SERVICE_INDEXES.map((index) => index.collection))];
  const listed = new Map(
    await Promise.all(names.map(async (name) => [name, await listedIndexes(db[name])] as const)),
  );
  return SERVICE_INDEXES.map((index) =>
    stateOf(index, db[index.collection].collectionName, listed.get(index.collection) ?? []),
  );
}

export async function createIndexes(db: Collections): Promise<IndexState[]> {
  const states = await indexStates(db);
  const missing = states.filter((state) => state.status === 'missing');
  const names = [...new Set(missing.map((state) => state.index.collection))];
  await Promise.all(
    names.map((name) =>
      db[name].createIndexes(
        missing
          .filter((state) => state.index.collection === name)
          .map(({ index }) => ({ key: index.key, ...mongoIndexOptions(index) })),
      ),
    ),
  );
  return states.map((state) =>
    state.status === 'missing' ? { ...state, status: 'created' } : state,
  );
}
