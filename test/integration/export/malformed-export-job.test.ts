/**
 * A job on the export queue whose data is not an export job's (forged, or from another version)
 * would fail alike on every attempt: the export worker fails it for good at once.
 */
import { startExportFixture, type ExportFixture } from './support/export-fixture';

describe('a malformed export job', () => {
  let fx: ExportFixture;

  beforeAll(async () => {
    fx = await startExportFixture('malformed-export-job');
  });
  afterAll(() => fx.close());

  it('when its data does not parse, then it fails for good after one attempt', async () => {
    const queue = fx.worker.composed.exports.queue.of('acme');
    await queue.add('send', { tenant: 'acme', exportId: 'e1', lane: 'first' }, { jobId: 'forged' });

    const line = await fx.worker.waitForLog((l) => l.msg === 'export job failed for good');

    expect(line).toMatchObject({ job: 'send' });
    expect(fx.worker.lines.filter((l) => l.msg === 'export job failed; it is tried again')).toEqual(
      [],
    );
  });
});
