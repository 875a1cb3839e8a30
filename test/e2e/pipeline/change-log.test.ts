/**
 * The change log as funnel requests leave it (docs/changes.md): one record per item a request
 * changed, none for a request that changed nothing, numbered without holes across content types
 * written at once, with each item's versions in order and ending at the item's own.
 */
import { ChangeLogStore } from '../../../core/changes/change-log-store';
import { ChangeFeed } from '../../../core/changes/change-feed';
import type { ChangeRecord } from '../../../core/changes/change-record';
import { startPipeline, type Pipeline } from './pipeline-fixture';

describe('the change log of funnel requests', () => {
  let p: Pipeline;
  let log: ChangeLogStore;

  beforeAll(async () => {
    p = await startPipeline('change-log');
    log = new ChangeLogStore(p.api.context.db, p.worker.composed.engine.changeBatches);
  });
  afterAll(() => p.close());

  async function changesOf(contentType: string): Promise<ChangeRecord[]> {
    const all = await log.readRecords('acme', 0, 100_000);
    return all.filter((change) => change.contentType === contentType);
  }
  const summary = (changes: ChangeRecord[]) =>
    changes.map((c) => `${c.event} ${c.identifier} v${c.version}`);

  it('when requests create, change, repeat and delete items, then each change is one record', async () => {
    const { url, contentType } = await p.scenario();
    await p.post(url, [
      { sku: 'A', title: 'Shoe' },
      { sku: 'B', title: 'Boot' },
    ]);
    await p.post(url, [
      { sku: 'A', title: 'Shoe' },
      { sku: 'B', title: 'Boots' },
    ]);
    await p.post(url, { sku: 'B', title: 'Boots' });
    await p.remove(url, { identifiers: ['A', 'unknown'] });
    expect(summary(await changesOf(contentType))).toEqual([
      'created A v1',
      'created B v1',
      'updated B v2',
      'deleted A v2',
    ]);
    // Read as the feed answers them: each item once, as it is now.
    const feed = new ChangeFeed(log, p.api.context.db, p.worker.composed.engine.batches);
    const read = (await feed.readAfter('acme', 0, 100_000)).filter(
      (change) => change.contentType === contentType,
    );
    expect(
      read.map((c) => `${c.event} ${c.identifier} v${c.version} ${c.item?.name ?? '-'}`),
    ).toEqual(['updated B v2 Boots', 'deleted A v2 -']);
    expect(p.serverErrors()).toEqual([]);
  });

  it('when a dry run or a refused request arrives, then nothing is recorded', async () => {
    const { url, contentType } = await p.scenario();
    expect((await p.post(url, { sku: 'A', title: 'Shoe' }, { dryRun: true })).status).toBe(200);
    expect((await p.post(url, { title: 'no identifier' })).status).toBe(422);
    expect(await changesOf(contentType)).toEqual([]);
  });

  it('when many requests write several content types at once, then numbers have no holes and versions climb', async () => {
    const scenarios = await Promise.all([p.scenario(), p.scenario(), p.scenario()]);
    const before = await log.head('acme');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const { url } = scenarios[i % scenarios.length]!;
        return p.post(url, [
          { sku: 'same', title: `request ${i}` },
          { sku: `own-${i}`, title: 'x' },
        ]);
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));

    const changes = await log.readRecords('acme', before, 100_000);
    expect(changes.map((c) => c.seq)).toEqual(changes.map((_, i) => before + i + 1));
    for (const { contentType } of scenarios) {
      const versions = changes
        .filter((c) => c.contentType === contentType && c.identifier === 'same')
        .map((c) => c.version);
      expect(versions).toEqual(versions.map((_, i) => i + 1));
      const stored = (await p.store()).find((item) => item._id === `acme:${contentType}:same`);
      expect(stored?.version).toBe(versions.at(-1));
    }
  });
});
