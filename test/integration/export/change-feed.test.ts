/**
 * The change feed under parallel writers: a consumer that follows `nextCursor` while several
 * writers append gets every change exactly once, in `seq` order (a property over random
 * writer counts and batch sizes).
 */
import fc from 'fast-check';
import { ChangeLogStore } from '../../../core/changes/change-log-store';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { change } from './support/export-fixture';
import { propertyRuns } from '../../support/property-runs';

interface FeedPage {
  items: { seq: number; identifier: string }[];
  nextCursor: string;
}

describe('the change feed while writers append in parallel', () => {
  let api: TestApi;
  let log: ChangeLogStore;
  let round = 0;

  beforeAll(async () => {
    api = await startTestApi('change-feed');
    log = new ChangeLogStore(api.context.db, api.context.storage.changeBatches);
  });
  afterAll(() => api.close());

  it('when a consumer follows nextCursor, then it misses no change and sees none twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }), {
          minLength: 2,
          maxLength: 5,
        }),
        fc.integer({ min: 1, max: 7 }),
        async (writers, limit) => {
          round += 1;
          const tenant = `feed-${round}`;
          const { token } = await api.bootstrap(tenant);
          const written: string[] = [];
          let writing = true;
          const writes = Promise.all(
            writers.map(async (batches, w) => {
              for (const [b, size] of batches.entries()) {
                const batch = Array.from({ length: size }, (_, i) => change(`w${w}-b${b}-${i}`, 1));
                await log.append(tenant, batch);
                written.push(...batch.map((c) => c.identifier));
              }
            }),
          ).finally(() => {
            writing = false;
          });
          const seen: FeedPage['items'] = [];
          let cursor = '0';
          // Reads while the writers write, then until the feed is empty after they are done.
          for (;;) {
            const stillWriting = writing;
            const page = await api.call<FeedPage>(
              'GET',
              `/api/v1/changes?after=${cursor}&limit=${limit}`,
              {
                token,
              },
            );
            expect(page.status).toBe(200);
            seen.push(...page.body.items);
            cursor = page.body.nextCursor;
            if (!stillWriting && page.body.items.length === 0) break;
          }
          await writes;
          expect(seen.map((c) => c.seq)).toEqual(seen.map((_, i) => i + 1));
          expect(seen.map((c) => c.identifier).sort()).toEqual([...written].sort());
        },
      ),
      { numRuns: propertyRuns(8) },
    );
  });
});
