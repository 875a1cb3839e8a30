/**
 * `funnel-sync push --full-sync`: the file is the whole data set, and the commit deletes what
 * it no longer holds, within the limit the sender gives. A commit over it is refused by the
 * service, and the push says so and fails; a dry run lists what would go and deletes nothing.
 */
import { writeFile } from 'node:fs/promises';
import { identifiers } from '../pipeline/pipeline-fixture';
import { startPushFixture, targetOf, type PushFixture } from './push-fixture';

const ndjson = (skus: string[]) =>
  skus.map((sku) => JSON.stringify({ sku, title: `Item ${sku}` })).join('\n') + '\n';

describe('push: full syncs', () => {
  let f: PushFixture;

  beforeAll(async () => {
    f = await startPushFixture('push-full-sync');
  });
  afterAll(() => f.close());

  /** A funnel whose items exist, and a file that holds only. */
  async function shrunkCatalogue(name: string) {
    const scenario = await f.p.scenario();
    const seeded = ['A-1', 'A-2', 'A-3', 'A-4', 'A-5'].map((sku) => ({ sku, title: sku }));
    expect((await f.p.post(scenario.url, seeded)).status).toBe(200);
    const file = f.file(name);
    await writeFile(file, ndjson(['A-1', 'A-2', 'A-3']));
    return { ...scenario, file };
  }

  it('when the commit would delete more than --max-deletes, then the push exits 1 with the service refusal and nothing is deleted', async () => {
    const { url, contentType, file } = await shrunkCatalogue('refused.ndjson');

    const run = await f.push(file, targetOf(f.p, url), '--full-sync', '--max-deletes', '0');

    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain(
      'The commit would delete 2 items, more than the limit of 0; nothing was deleted',
    );
    expect(identifiers(await f.p.items(contentType))).toEqual(['A-1', 'A-2', 'A-3', 'A-4', 'A-5']);
    const commits = (await f.historyOf(url)).filter((entry) => entry.syncCommit);
    expect(commits).toEqual([
      expect.objectContaining({ status: 'error', httpStatus: 422, deletedIds: [] }),
    ]);
  });

  it('when --dry-run is given, then it prints the identifiers the commit would delete and deletes nothing', async () => {
    const { url, contentType, file } = await shrunkCatalogue('dry-run.ndjson');

    const run = await f.push(
      file,
      targetOf(f.p, url),
      '--full-sync',
      '--max-deletes',
      '0',
      '--dry-run',
    );

    expect(run.code).toBe(0);
    const listed = run.stdout.split('\n').filter((line) => /^\s+A-\d$/.test(line));
    expect(listed.map((line) => line.trim())).toEqual(['A-4', 'A-5']);
    expect(run.stdout).toContain('would delete 2 items (over the limit of 0)');
    expect(identifiers(await f.p.items(contentType))).toEqual(['A-1', 'A-2', 'A-3', 'A-4', 'A-5']);
  });

  it('when the commit is within the limit, then what the file no longer holds is deleted', async () => {
    const { url, contentType, file } = await shrunkCatalogue('within.ndjson');

    const run = await f.push(file, targetOf(f.p, url), '--full-sync', '--max-deletes', '2');

    expect(run).toMatchObject({ code: 0 });
    expect(identifiers(await f.p.items(contentType))).toEqual(['A-1', 'A-2', 'A-3']);
  });
});
