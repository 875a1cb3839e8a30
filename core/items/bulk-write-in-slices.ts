/** Item operations sent in as few commands as the engine takes (FerretDB caps an update command). */
import type { mongo } from 'mongoose';
import { idCollisionIndexes } from '../mongo/duplicate-key';
import type { EngineTraits } from '../mongo/engine';
import type { ItemDocument } from './item';
import type { ItemOperation } from './item-write';

/** `skipCollisions`: a write that collides on a unique key is one a later request won; go on. */
export async function bulkWriteInSlices(
  items: mongo.Collection<ItemDocument>,
  engine: EngineTraits,
  operations: readonly ItemOperation[],
  skipCollisions: boolean,
): Promise<void> {
  const size = engine.maxUpdateStatements;
  for (let start = 0; start < operations.length; start += size) {
    try {
      await items.bulkWrite(operations.slice(start, start + size), { ordered: false });
    } catch (error) {
      if (!skipCollisions || !idCollisionIndexes(error)) throw error;
    }
  }
}
