/**
 * Chunked writes (docs/storage.md#chunked-writes): a POST holding more items than CHUNK_SIZE is
 * written by chunk jobs that any worker takes, with one envelope and one history record for the
 * request; everything a chunk writes is decided for the whole request first (last wins, lazy
 * matches, all or nothing), so the caller gets the envelope an unchunked run gives. Two workers
 * with CHUNK_SIZE 10 against a reference deployment whose worker never chunks.
 */
import { Cluster } from 'ioredis';
import type { LogLine } from '../../support/processes';
import { waitUntil } from '../../support/wait-until';
import { startTestWorker, type TestWorker } from '../../support/worker-harness';
import {
  requestIdOf,
  startPipeline,
  type Envelope,
  type Pipeline,
  type ScenarioOptions,
} from './pipeline-fixture';
import type { CallResult } from '../../support/api-harness';
import type { HistoryView } from '../../../core/history/history-record';

const CHUNK_SIZE = 10;

type Item = { sku: string; title?: string; note?: string };

/** `count` valid items `${prefix}-0` ... in order. */
const itemsOf = (prefix: string, count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({
    sku: `${prefix}-${i}`,
    title: `${prefix} item ${i}`,
  }));

describe('requests larger than CHUNK_SIZE', () => {
  let chunked: Pipeline;
  let secondWorker: TestWorker;
  let reference: Pipeline;

  beforeAll(async () => {
    // Workers get the API's environment; the API itself does not read CHUNK_SIZE.
    const small: Record<string, string> = { CHUNK_SIZE: String(CHUNK_SIZE) };
    const large: Record<string, string> = { CHUNK_SIZE: '100000' };
    [chunked, reference] = await Promise.all([
      startPipeline('chunking', small),
      startPipeline('chunking-ref', large),
    ]);
    secondWorker = await startTestWorker(chunked.api.env);
  });
  afterAll(async () => {
    await secondWorker.stop();
    await Promise.all([chunked.close(), reference.close()]);
  });

  const workers = () => [chunked.worker, secondWorker];

  /**
   * The ids of the chunk jobs of a request that the workers started, each once. Their log lines
   * were written before the answer, but may reach this process just after it: up to `expected`
   * of them are waited for.
   */
  const chunkJobsOf = async (requestId: string, expected = 0) => {
    const started = (line: LogLine) =>
      line.msg === 'job started' && line.job === 'ingest-chunk' && line.requestId === requestId;
    const ids = () => [
      ...new Set(workers().flatMap((worker) => worker.lines.filter(started).map((l) => l.jobId))),
    ];
    const found = await waitUntil(ids, (seen) => seen.length >= expected, {
      what: `${expected} chunk job(s) of ${requestId} in the workers' logs`,
      timeoutMs: 5_000,
      everyMs: 50,
    });
    return found.map(String).sort();
  };

  /** The same funnel on both deployments, and a way to send a body to both. */
  async function twin(options: ScenarioOptions = {}) {
    const [mine, theirs] = await Promise.all([
      chunked.scenario(options),
      reference.scenario(options),
    ]);
    const send = async (body: unknown, headers: Record<string, string> = {}) => {
      const [answer, unchunked] = await Promise.all([
        chunked.post(mine.url, body, { headers }),
        reference.post(theirs.url, body, { headers }),
      ]);
      return { answer, unchunked };
    };
    return { ...mine, send };
  }

  const historyOf = async (url: string) => {
    const response = await chunked.api.call<{ items: HistoryView[] }>(
      'GET',
      `/api/v1/funnels/${url}/history`,
      { token: chunked.token },
    );
    return response.body.items;
  };

  /** The tenant's keys that match `pattern`, on whichever node holds its shard. */
  const redisKeys = async (pattern: string) => {
    const { redis, keys } = chunked.api.context.queue;
    const match = `${keys.ofTenant('acme')}:${pattern}`;
    const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
    return (await Promise.all(nodes.map((node) => node.keys(match)))).flat();
  };

  const names = async (contentType: string) =>
    Object.fromEntries(
      (await chunked.items(contentType)).map((item) => [item.identifier, item.name]),
    );

  it('when a request holds more items than CHUNK_SIZE, then chunk jobs write every item, and the request gets one envelope and one history record', async () => {
    const { url, contentType, send } = await twin();
    // A note the mapping leaves aside takes the body past what its record's preview holds.
    const body = itemsOf('C', 35).map((item) => ({ ...item, note: 'n'.repeat(500) }));
    const { answer, unchunked } = await send(body);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'success', message: '35 items were imported' });
    expect(answer.body).toEqual(unchunked.body);
    const requestId = requestIdOf(answer);
    // Four chunks (10, 10, 10, 5), each a job of its own, children of the request's job.
    const chunkJobs = await chunkJobsOf(requestId, 4);
    expect(chunkJobs).toHaveLength(4);
    expect(chunkJobs.map((id) => id.replace(/^.*-chunk-/, ''))).toEqual(['0', '1', '2', '3']);

    expect(await names(contentType)).toEqual(
      Object.fromEntries(body.map((item) => [item.sku, item.title])),
    );
    const records = await historyOf(url);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ requestId, status: 'success', httpStatus: 200 });
    expect(await chunked.history(url, requestId)).toMatchObject({
      itemCount: 35,
      successIds: body.map((item) => item.sku),
      payloadTruncated: true,
      storedPayload: { bytes: JSON.stringify(body).length },
    });
    // Its whole body is kept apart for its record, as a request written at once has it.
    const whole = await chunked.api.call<unknown>(
      'GET',
      `/api/v1/funnels/${url}/history/${encodeURIComponent(requestId)}/payload`,
      { token: chunked.token },
    );
    expect(whole.body).toEqual(body);
    // The body and the chunks' writes leave Redis with the request.
    expect(await redisKeys('chunks:*')).toEqual([]);
    expect(await redisKeys('payload:*')).toEqual([]);
  });

  it('when an identifier comes again in a later chunk, then the last occurrence wins across the chunks', async () => {
    const { contentType, send } = await twin();
    const body = itemsOf('L', 30);
    body[25] = { sku: 'L-3', title: 'L-3 last' };
    body[29] = { sku: 'L-12', title: 'L-12 last' };
    const { answer, unchunked } = await send(body);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'success', message: '28 items were imported' });
    expect(answer.body).toEqual(unchunked.body);
    const stored = await names(contentType);
    expect(Object.keys(stored)).toHaveLength(28);
    expect(stored).toMatchObject({ 'L-3': 'L-3 last', 'L-12': 'L-12 last' });
  });

  it('when partial validation is off and one item of the last chunk is invalid, then nothing at all is written', async () => {
    const { contentType, send } = await twin({ partialValidation: false });
    const body: Item[] = itemsOf('N', 35);
    body[34] = { sku: 'N-34' };
    const { answer, unchunked } = await send(body);

    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      status: 'error',
      message:
        'Validation failed for 1 of 35 items; the 34 valid items were not written, as partial validation is off (it would have written them)',
      errors: { 'N-34': { 'Product Name': 'This field is required' } },
    });
    expect(answer.body).toEqual(unchunked.body);
    expect(await chunked.items(contentType)).toEqual([]);
    expect(await chunkJobsOf(requestIdOf(answer))).toEqual([]);
  });

  it('when partial validation is on, then the valid items of every chunk are written and errors are keyed as without chunks', async () => {
    const { contentType, send } = await twin({ partialValidation: true });
    const body: Item[] = itemsOf('P', 35);
    body[2] = { sku: 'P-2' };
    body[21] = { sku: 'P-21', title: '' };
    body[33] = { title: 'no identifier' } as Item;
    const { answer, unchunked } = await send(body);

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'success',
      message: '32 of 35 items were imported; 3 failed validation',
      errors: {
        'P-2': { 'Product Name': 'This field is required' },
        'P-21': { 'Product Name': 'This field is required' },
        '[33]': { 'Product Identifier': 'This field is required' },
      },
    });
    expect(answer.body).toEqual(unchunked.body);
    const written = (answer.body.data?.successIds ?? []).sort();
    expect(written).toHaveLength(32);
    expect(Object.keys(await names(contentType)).sort()).toEqual(written);
    expect(await chunkJobsOf(requestIdOf(answer), 4)).toHaveLength(4);
  });

  it('when lazy identifiers of different chunks match the same stored item, then one of them wins as without chunks', async () => {
    const lazyFunnel = {
      mappings: [
        { source: 'sku', target: { system: 'identifier' }, lazy: true },
        { source: 'title', target: { system: 'name' } },
      ],
    };
    const { contentType, send } = await twin(lazyFunnel);
    const seeded = await send([{ sku: 'ABC', title: 'stored' }]);
    expect(seeded.answer.status).toBe(200);
    const body = itemsOf('Z', 30);
    body[1] = { sku: 'x-ABC-1', title: 'first match' };
    body[28] = { sku: 'y-abc-2', title: 'last match' };
    const { answer, unchunked } = await send(body);

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(unchunked.body);
    const stored = await names(contentType);
    expect(stored.ABC).toBe('last match');
    expect(stored['x-ABC-1']).toBeUndefined();
    expect(stored['y-abc-2']).toBeUndefined();
  });

  it('when the caller prefers respond-async, then 202 at once and the record ends as the chunked outcome', async () => {
    const { url, contentType } = await chunked.scenario();
    const body = itemsOf('A', 25);
    const response = await chunked.post(url, body, { headers: { Prefer: 'respond-async' } });
    expect(response.status).toBe(202);
    const requestId = requestIdOf(response);

    const record = await waitUntil(
      () => chunked.history(url, requestId),
      (seen) => seen.status !== 'queued' && seen.status !== 'processing',
      { what: 'the record to be final', timeoutMs: 30_000 },
    );
    expect(record).toMatchObject({ status: 'success', httpStatus: 200, itemCount: 25 });
    expect(await chunkJobsOf(requestId, 3)).toHaveLength(3);
    expect(Object.keys(await names(contentType))).toHaveLength(25);
  });

  it('when a chunked request is repeated with its Idempotency-Key, then the first answer comes back and nothing runs again', async () => {
    const { url } = await chunked.scenario();
    const body = itemsOf('I', 25);
    const headers = { 'Idempotency-Key': 'chunked-once' };
    const first = await chunked.post(url, body, { headers });
    expect(first.status).toBe(200);
    const again: CallResult<Envelope> = await chunked.post(url, body, { headers });

    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await chunkJobsOf(requestIdOf(first), 3)).toHaveLength(3);
    expect(await chunkJobsOf(requestIdOf(again))).toEqual([]);
    expect(await historyOf(url)).toHaveLength(1);
  });

  it('when a DELETE names more identifiers than CHUNK_SIZE, then it stays one job', async () => {
    const { url } = await chunked.scenario();
    const body = itemsOf('D', 25);
    expect((await chunked.post(url, body)).status).toBe(200);
    const response = await chunked.remove(url, { identifiers: body.map((item) => item.sku) });

    expect(response.status).toBe(200);
    expect(response.body.message).toBe('25 items were deleted');
    expect(await chunkJobsOf(requestIdOf(response))).toEqual([]);
  });

  it('never failed a job or answered 5xx', () => {
    const failures = workers().flatMap((worker) =>
      worker.lines.filter((line) => line.msg === 'job failed' || line.level === 'error'),
    );
    expect(failures).toEqual([]);
    expect(chunked.serverErrors()).toEqual([]);
  });
});
