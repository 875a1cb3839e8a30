/**
 * Any group of requests, written at once, leaves what writing its requests one after another
 * leaves: random small groups over a few identifiers, among earlier writes and deletes whose
 * receipts fall before, between and after the group's, on both write paths.
 */
import fc from 'fast-check';
import type { ItemWrite, RequestWrites } from '../../../core/items/item-store';
import { ItemStore } from '../../../core/items/item-store';
import { TenantSink, bothWays, type Step } from './support/both-ways';
import { at, writerDatabase, type WriterDatabase } from './writer-fixture';
import { propertyRuns } from '../../support/property-runs';

const IDENTIFIERS = ['A', 'B', 'C'];

/** Few values, so that a write often leaves an item as it was. */
const itemWrite = fc
  .record({
    identifier: fc.constantFrom(...IDENTIFIERS),
    name: fc.constantFrom('Shoe', 'Boot'),
    color: fc.option(fc.constantFrom('red', 'blue'), { nil: undefined }),
    size: fc.option(fc.constantFrom(1, 2), { nil: undefined }),
    unsetsColor: fc.boolean(),
    funnelId: fc.constantFrom('erp', 'pim'),
  })
  .map(({ identifier, name, color, size, unsetsColor, funnelId }): ItemWrite => {
    const properties: Record<string, unknown> = {};
    if (color !== undefined) properties.color = color;
    if (size !== undefined) properties.size = size;
    const unset = unsetsColor && color === undefined ? ['color'] : [];
    return {
      identifier,
      set: { name, properties },
      unset: { fields: [], properties: unset },
      funnelId,
    };
  });

const requestWrites = fc.uniqueArray(itemWrite, {
  selector: (write) => write.identifier,
  minLength: 1,
  maxLength: IDENTIFIERS.length,
});

/** In receipt order: requests of the group, and writes and deletes that run before it. */
const operation = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('group' as const), writes: requestWrites }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('upsert' as const), writes: requestWrites }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      identifiers: fc.uniqueArray(fc.constantFrom(...IDENTIFIERS), { minLength: 1, maxLength: 2 }),
    }),
  },
);

describe('ItemStore.upsertRequests: any group as written one request at a time', () => {
  let database: WriterDatabase;

  beforeAll(async () => {
    database = await writerDatabase('upsertrequestsprop');
  });
  afterAll(async () => {
    await database.close();
  });

  it('then the items and the changes are the same', async () => {
    const sink = new TenantSink();
    const store = new ItemStore(database.db, database.engine, database.transactions, {
      changes: sink,
    });
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(operation, { minLength: 2, maxLength: 7 })
          .filter((operations) => operations.some((op) => op.kind === 'group')),
        async (operations) => {
          const before: Step[] = [];
          const group: RequestWrites[] = [];
          operations.forEach((op, i) => {
            const receipt = at(i + 1);
            if (op.kind === 'group') group.push({ writes: op.writes, receipt });
            else if (op.kind === 'upsert') before.push({ upsert: op.writes, receipt });
            else before.push({ delete: op.identifiers, receipt });
          });
          const ct = database.freshScope().contentType;
          const { group: together, oneByOne } = await bothWays(
            store,
            database.db,
            sink,
            ct,
            before,
            group,
          );
          expect(together.items).toEqual(oneByOne.items);
          expect(together.changesPerItem).toEqual(oneByOne.changesPerItem);
          expect(together.sinkCalls).toBe(1);
        },
      ),
      { numRuns: propertyRuns(20) },
    );
  }, 240_000);
});
