/**
 * Many single-item POSTs to one funnel at once (docs/request-groups.md): the API groups those
 * that arrive while the funnel's earlier requests are under way, and each request still gets its
 * own answer, history record and write, an invalid one failing alone.
 */
import { requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';

const IN_FLIGHT = 40;

describe('single-item POSTs sent together to one funnel', () => {
  let pipeline: Pipeline;

  beforeAll(async () => {
    pipeline = await startPipeline('groups', { RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => pipeline.close());

  it('when they arrive together, then they share jobs and each is answered and recorded as alone', async () => {
    const { url, contentType } = await pipeline.scenario();
    const skus = Array.from({ length: IN_FLIGHT }, (_, i) => `G-${i}`);
    // Every fifth request lacks its required name: it fails, its neighbours do not.
    // Every third carries a note the mapping leaves aside, past what a record's preview holds.
    const long = (i: number) => i % 3 === 0;
    const bodies = skus.map((sku, i) => ({
      sku,
      ...(i % 5 !== 4 && { title: `Item ${i}` }),
      ...(long(i) && { note: 'n'.repeat(17 * 1024) }),
    }));
    const responses = await Promise.all(bodies.map((body) => pipeline.post(url, body)));

    responses.forEach((response, i) => {
      if (i % 5 === 4) {
        expect(response.status).toBe(422);
        expect(Object.keys(response.body.errors ?? {})).toEqual([skus[i]]);
      } else {
        expect(response.status).toBe(200);
        expect(response.body.status).toBe('success');
      }
    });
    for (const [i, response] of responses.entries()) {
      const record = await pipeline.history(url, requestIdOf(response));
      expect(record.httpStatus).toBe(response.status);
      // Each member's whole body is its own, failed or not: in its record when short, else apart.
      if (long(i)) {
        expect(record.payloadTruncated).toBe(true);
        expect(record.storedPayload).toMatchObject({ bytes: JSON.stringify(bodies[i]).length });
      } else {
        expect(record.payload).toEqual(bodies[i]);
        expect(record.storedPayload).toBeNull();
      }
      expect(record.successIds).toEqual(i % 5 === 4 ? [] : [skus[i]]);
      // Its log line under its own request id, grouped or not.
      const done = pipeline.worker.lines.filter(
        (line) => line.msg === 'funnel request done' && line.requestId === requestIdOf(response),
      );
      expect(done).toHaveLength(1);
    }
    const stored = await pipeline.items(contentType);
    expect(stored.map((item) => item.identifier).sort()).toEqual(
      skus.filter((_, i) => i % 5 !== 4).sort(),
    );
    const groupJobs = pipeline.worker.lines.filter(
      (line) => line.msg === 'job finished' && line.job === 'ingest-group',
    );
    expect(groupJobs.length).toBeGreaterThan(0);
    expect(pipeline.serverErrors()).toEqual([]);
  });

  it('when dry runs are among them, then only the others write', async () => {
    const { url, contentType } = await pipeline.scenario();
    const sent = Array.from({ length: 12 }, (_, i) =>
      pipeline.post(url, { sku: `D-${i}`, title: 'Dry' }, { dryRun: i % 2 === 0 }),
    );
    const responses = await Promise.all(sent);
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    const stored = await pipeline.items(contentType);
    expect(stored.map((item) => item.identifier).sort()).toEqual(
      ['D-1', 'D-3', 'D-5', 'D-7', 'D-9', 'D-11'].sort(),
    );
  });
});
