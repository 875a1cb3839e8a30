/**
 * `funnel-sync push --delete FILE`: the identifiers of a file, one a line as text or as NDJSON,
 * deleted in requests under the service's limits.
 */
import { writeFile } from 'node:fs/promises';
import { identifiers } from '../pipeline/pipeline-fixture';
import { startPushFixture, targetOf, type PushFixture } from './push-fixture';

describe('push: deletes', () => {
  let f: PushFixture;

  beforeAll(async () => {
    f = await startPushFixture('push-deletes');
  });
  afterAll(() => f.close());

  async function seeded() {
    const scenario = await f.p.scenario();
    const items = ['A-1', 'A-2', 'A-3', 'A-4', 'A-5'].map((sku) => ({ sku, title: sku }));
    expect((await f.p.post(scenario.url, items)).status).toBe(200);
    return scenario;
  }

  it('when a text file names identifiers, then exactly those items are deleted and the push exits 0', async () => {
    const { url, contentType } = await seeded();
    const file = f.file('gone.txt');
    await writeFile(file, 'A-2\n\nA-4\n');

    const run = await f.push(undefined, targetOf(f.p, url), '--delete', file, '--json');

    expect(run).toMatchObject({ code: 0 });
    expect(identifiers(await f.p.items(contentType))).toEqual(['A-1', 'A-3', 'A-5']);
    const summary = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { event: string; deleted?: number })
      .find((event) => event.event === 'summary');
    expect(summary).toMatchObject({ deleted: 2 });
  });

  it('when the file is NDJSON of strings and objects, then it is read the same way', async () => {
    const { url, contentType } = await seeded();
    const file = f.file('gone.ndjson');
    await writeFile(file, '"A-1"\n{"identifier":"A-5"}\n');

    const run = await f.push(undefined, targetOf(f.p, url), '--delete', file);

    expect(run).toMatchObject({ code: 0 });
    expect(identifiers(await f.p.items(contentType))).toEqual(['A-2', 'A-3', 'A-4']);
  });
});
