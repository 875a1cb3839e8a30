/**
 * `funnel-sync push` of a file to a funnel that imports all or nothing, on the real pipeline: the
 * first push fails its batch whole and says so; after the funnel is fixed (partial validation on),
 * pushing the same file again is a new run, with keys of its own, so it writes the valid rows
 * instead of replaying the old failures.
 */
import { writeFile } from 'node:fs/promises';
import { startPushFixture, targetOf, type PushFixture } from './push-fixture';

const ROWS = 10;
const BROKEN = 4; // no title: its name is required

function csvOf(rows: number): string {
  const lines = ['sku,title'];
  for (let n = 1; n <= rows; n += 1) lines.push(`R-${n},${n === BROKEN ? '' : `Item ${n}`}`);
  return lines.join('\n') + '\n';
}

describe('push: the same file again, after the funnel is fixed', () => {
  let f: PushFixture;

  beforeAll(async () => {
    f = await startPushFixture('push-again');
  });
  afterAll(() => f.close());

  it('when a file is pushed again after partial validation is turned on, then the new run writes the valid rows', async () => {
    const { url, contentType } = await f.p.scenario({ partialValidation: false });
    const file = f.file('rows.csv');
    await writeFile(file, csvOf(ROWS));

    const first = await f.push(file, targetOf(f.p, url));
    expect(first.code).toBe(1);
    expect(first.stdout).toContain(`items sent: ${ROWS}, imported: 0, failed: ${ROWS}`);
    expect(first.stdout).toContain(
      `all or nothing: ${ROWS - 1} valid rows were not written because other rows of their ` +
        "batch failed; the funnel's partial validation is off (on, it would have written them)",
    );
    expect(await f.countItems(contentType)).toBe(0);

    const patched = await f.p.api.call('PATCH', `/api/v1/settings/funnels/${url}`, {
      token: f.p.token,
      body: { partialValidation: true },
    });
    expect(patched.status).toBe(200);

    const second = await f.push(file, targetOf(f.p, url));
    expect(second.code).toBe(1);
    expect(second.stdout).toContain(`items sent: ${ROWS}, imported: ${ROWS - 1}, failed: 1`);
    expect(second.stdout).not.toContain('replayed');
    expect(await f.countItems(contentType)).toBe(ROWS - 1);
    const history = await f.historyOf(url);
    expect(history.map((entry) => entry.status)).toEqual(['partial', 'error']);
  });
});
