/**
 * Re-drive (docs/api-behaviour.md#re-drive): a funnel's failed requests since a time, or of one
 * full sync, sent again through its current settings by a worker job, each once and in receipt
 * order, as replays whose records name the re-drive.
 */
import { runSenderCli } from '../../../packages/sender/src/sender-cli';
import type { HistoryView } from '../../../core/history/history-record';
import type { RedriveView } from '../../../core/redrives/redrive';
import { waitUntil } from '../../support/wait-until';
import { startTestWorker } from '../../support/worker-harness';
import { requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';

const BOUND = 5;
const BROKEN = [
  { source: 'sku', target: { system: 'identifier' } },
  { source: 'title', target: { system: 'name' } },
  { source: 'price', target: { property: 'price' } },
];
/** The mapping fixed: the sender's `cost` goes to `price`. */
const FIXED = [
  { source: 'sku', target: { system: 'identifier' } },
  { source: 'title', target: { system: 'name' } },
  { source: 'cost', target: { property: 'price' } },
];

interface HistoryPage {
  items: HistoryView[];
  nextCursor: string | null;
}

describe('re-driving the failed requests of a funnel', () => {
  let p: Pipeline;

  const startRedrive = (url: string, body: unknown) =>
    p.api.call<RedriveView & { message?: string; errors?: Record<string, string> }>(
      'POST',
      `/api/v1/funnels/${url}/redrives`,
      { token: p.token, body },
    );
  const readRedrive = async (location: string) =>
    (await p.api.call<RedriveView>('GET', location, { token: p.token })).body;
  const ended = (location: string) =>
    waitUntil(
      () => readRedrive(location),
      (view) => ['finished', 'failed', 'cancelled'].includes(view.state),
      { what: 'the re-drive to end', timeoutMs: 30_000 },
    );
  const fixMapping = async (url: string) => {
    const fixed = await p.api.call('PATCH', `/api/v1/settings/funnels/${url}`, {
      token: p.token,
      body: { mappings: FIXED },
    });
    expect(fixed.status).toBe(200);
  };
  /** A failing POST's record. */
  /** `note` pads the body, which the mapping leaves aside. */
  const failing = async (url: string, sku: string, cost: number, note?: string) => {
    const sent = await p.post(url, [{ sku, title: sku, cost, ...(note && { note }) }]);
    expect(sent.status).toBe(422);
    return p.history(url, requestIdOf(sent));
  };
  const redriven = async (url: string, redriveId: string) =>
    (
      await p.api.call<HistoryPage>(
        'GET',
        `/api/v1/funnels/${url}/history?redriveId=${redriveId}&limit=100`,
        { token: p.token },
      )
    ).body.items;

  beforeAll(async () => {
    p = await startPipeline('redrive', { REDRIVE_MAX_REQUESTS: String(BOUND) });
  });
  afterAll(() => p.close());

  it('when a mapping is fixed and a re-drive since T is asked, then every failed request since T is sent once, in receipt order, and recorded as the re-drive', async () => {
    const { contentType, url } = await p.scenario({ mappings: BROKEN });
    const before = await failing(url, 'OLD', 1);
    const first = await failing(url, 'X', 1);
    expect((await p.post(url, [{ sku: 'OK', title: 'ok', price: 9 }])).status).toBe(200);
    expect(
      (await p.post(url, [{ sku: 'D', title: 'dry', cost: 4 }], { dryRun: true })).status,
    ).toBe(422);
    const second = await failing(url, 'Y', 2);
    const third = await failing(url, 'X', 3);
    await fixMapping(url);

    const asked = await startRedrive(url, { since: first.receivedAt });
    expect(asked.status).toBe(202);
    const location = asked.headers.get('location') ?? '';
    expect(location).toBe(`/api/v1/funnels/${url}/redrives/${asked.body.redriveId}`);
    expect(asked.body).toMatchObject({ state: 'queued', total: 3, sent: 0, dryRun: false });

    const done = await ended(location);
    expect(done).toMatchObject({
      state: 'finished',
      total: 3,
      sent: 3,
      succeeded: 3,
      partial: 0,
      failed: 0,
      skipped: 0,
      skippedBy: { 'not-kept': 0, gone: 0 },
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      records: `/api/v1/funnels/${url}/history?redriveId=${asked.body.redriveId}`,
    });

    const records = await redriven(url, done.redriveId);
    const bySequence = [...records].sort((a, b) => a.sequence - b.sequence);
    expect(bySequence.map((record) => record.replayOf)).toEqual([
      first.recordId,
      second.recordId,
      third.recordId,
    ]);
    for (const record of records) {
      expect(record).toMatchObject({ redriveId: done.redriveId, status: 'success' });
      expect(record.sequence).toBeGreaterThan(third.sequence);
    }
    expect(records.map((record) => record.replayOf)).not.toContain(before.recordId);
    // The last in receipt order wins: X was re-driven with cost 1, then 3.
    expect((await p.item(contentType, 'X'))?.properties).toEqual({ price: 3 });
    expect((await p.item(contentType, 'Y'))?.properties).toEqual({ price: 2 });
    expect(await p.item(contentType, 'OLD')).toBeNull();
    expect(await p.item(contentType, 'D')).toBeNull();

    // Once ended, the funnel may be re-driven again: nothing failed is left since T.
    const again = await startRedrive(url, { since: first.receivedAt });
    expect(again.status).toBe(202);
    expect(await ended(again.headers.get('location') ?? '')).toMatchObject({
      state: 'finished',
      total: 3,
      sent: 3,
    });
    const list = await p.api.call<{ items: RedriveView[] }>(
      'GET',
      `/api/v1/funnels/${url}/redrives`,
      { token: p.token },
    );
    expect(list.body.items.map((redrive) => redrive.redriveId)).toEqual([
      again.body.redriveId,
      asked.body.redriveId,
    ]);
    expect(p.serverErrors()).toEqual([]);
  });

  it('when a re-drive is a dry run, then each request is validated and recorded as a dry run, and nothing is written', async () => {
    const { contentType, url } = await p.scenario({ mappings: BROKEN });
    const original = await failing(url, 'DRY', 5);
    await fixMapping(url);
    const asked = await startRedrive(url, { since: original.receivedAt, dryRun: true });
    const done = await ended(asked.headers.get('location') ?? '');
    expect(done).toMatchObject({ state: 'finished', dryRun: true, sent: 1, succeeded: 1 });
    const [record] = await redriven(url, done.redriveId);
    expect(record).toMatchObject({ dryRun: true, replayOf: original.recordId });
    expect(await p.item(contentType, 'DRY')).toBeNull();
  });

  it("when a re-drive names a full sync, then only that sync's failed requests are sent", async () => {
    const { contentType, url } = await p.scenario({ mappings: BROKEN });
    const started = await p.api.call<{ syncId: string }>('POST', `/api/v1/funnels/${url}/syncs`, {
      token: p.token,
    });
    const { syncId } = started.body;
    await failing(url, 'OUT', 1);
    const inSync = await p.api.call('POST', `/api/v1/funnels/${url}?sync=${syncId}`, {
      token: p.token,
      body: [{ sku: 'IN', title: 'in', cost: 2 }],
    });
    expect(inSync.status).toBe(422);
    await fixMapping(url);
    const asked = await startRedrive(url, { syncId });
    expect(asked.status).toBe(202);
    expect(await ended(asked.headers.get('location') ?? '')).toMatchObject({
      state: 'finished',
      total: 1,
      succeeded: 1,
    });
    expect(await p.item(contentType, 'IN')).not.toBeNull();
    expect(await p.item(contentType, 'OUT')).toBeNull();
  });

  it('when the payload of a failed request was pruned or not kept, then it is skipped with its reason and the others are sent', async () => {
    const { url } = await p.scenario({ mappings: BROKEN });
    // Past what its record's preview holds: its body is kept apart, in chunks, and can be pruned.
    const pruned = await failing(url, 'P-1', 1, 'p'.repeat(20 * 1024));
    const kept = await failing(url, 'P-2', 2);
    const notKept = await failing(url, 'P-3', 3);
    // What pruning leaves: the record, without its body's chunks.
    await p.api.context.db.historyPayloads.deleteMany({
      record: { $regex: `:${pruned.recordId}$` },
    });
    // What a record of a body not kept whole holds: its cut preview alone.
    await p.api.context.db.history.updateOne(
      { recordId: notKept.recordId },
      { $set: { storedPayload: null, payloadTruncated: true } },
    );
    await fixMapping(url);
    const asked = await startRedrive(url, { since: pruned.receivedAt });
    const done = await ended(asked.headers.get('location') ?? '');
    expect(done).toMatchObject({
      state: 'finished',
      total: 3,
      sent: 1,
      succeeded: 1,
      skipped: 2,
      skippedBy: { 'not-kept': 1, gone: 1 },
    });
    expect((await redriven(url, done.redriveId)).map((record) => record.replayOf)).toEqual([
      kept.recordId,
    ]);
  });

  it('when a re-drive is asked badly, then a clear 4xx names what is wrong and nothing is queued', async () => {
    const { url } = await p.scenario({ mappings: BROKEN });
    const first = await failing(url, 'B-0', 0);
    const future = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const cases: [unknown, number, string][] = [
      [{}, 422, 'give one of since and syncId'],
      [{ since: 'yesterday' }, 422, 'ISO 8601'],
      [{ since: future }, 422, 'is in the future'],
      [{ since: first.receivedAt, until: first.receivedAt }, 422, 'must be after since'],
      [{ since: first.receivedAt, syncId: 'a'.repeat(32) }, 422, 'give one of since and syncId'],
      [{ since: first.receivedAt, extra: 1 }, 422, ''],
      [{ syncId: 'a'.repeat(32) }, 404, 'No sync'],
      [{ syncId: 'not-a-sync' }, 404, 'No sync'],
    ];
    for (const [body, status, text] of cases) {
      const refused = await startRedrive(url, body);
      expect({ body, status: refused.status }).toEqual({ body, status });
      expect(JSON.stringify(refused.body)).toContain(text);
    }
    const query = await p.api.call('POST', `/api/v1/funnels/${url}/redrives?dryRun=true`, {
      token: p.token,
      body: { since: first.receivedAt },
    });
    expect(query.status).toBe(400);
    expect((await startRedrive('no-such-funnel', { since: first.receivedAt })).status).toBe(404);

    for (let at = 1; at <= BOUND; at++) await failing(url, `B-${at}`, at);
    const over = await startRedrive(url, { since: first.receivedAt });
    expect(over.status).toBe(422);
    expect(over.body.message).toContain(`would send ${BOUND + 1} failed requests`);
    expect(over.body.message).toContain(`bound of ${BOUND} (REDRIVE_MAX_REQUESTS)`);
    const list = await p.api.call<{ items: RedriveView[] }>(
      'GET',
      `/api/v1/funnels/${url}/redrives`,
      { token: p.token },
    );
    expect(list.body.items).toEqual([]);
    const unknown = await p.api.call('GET', `/api/v1/funnels/${url}/redrives/${'b'.repeat(32)}`, {
      token: p.token,
    });
    expect(unknown.status).toBe(404);
  });

  /** `funnel-sync redrive` and its arguments, in this process, with only a sender's env. */
  const cli = async (...args: string[]) => {
    let stdout = '';
    let stderr = '';
    const code = await runSenderCli(
      ['redrive', ...args, '--url', p.api.baseUrl, '--token', p.token],
      {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
        env: { PATH: process.env.PATH ?? '' },
      },
    );
    return { code, stdout, stderr };
  };

  it('when `funnel-sync redrive --since --wait` is run, then it prints the progress and the final counts, and exits 0 once all succeeded', async () => {
    const { contentType, url } = await p.scenario({ mappings: BROKEN });
    const first = await failing(url, 'CLI-1', 1);
    await failing(url, 'CLI-2', 2);
    await fixMapping(url);

    const run = await cli(url, '--since', first.receivedAt, '--wait');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^re-drive [a-f0-9]{32} queued: 0\/2 sent/);
    expect(lines.at(-2)).toMatch(/finished: 2\/2 sent, 2 succeeded, 0 partial, 0 failed$/);
    expect(lines.at(-1)).toMatch(
      new RegExp(`^the requests it sent: GET /api/v1/funnels/${url}/history\\?redriveId=`),
    );
    expect(await p.item(contentType, 'CLI-2')).not.toBeNull();

    const again = await cli(url, '--since', first.receivedAt, '--sync', 'a'.repeat(32));
    expect(again).toMatchObject({ code: 2 });
    const future = await cli(url, '--since', new Date(Date.now() + 3_600_000).toISOString());
    expect(future.code).toBe(2);
    expect(future.stderr).toContain('HTTP 422: The request is not valid; since is in the future');
    expect((await cli('no-such-funnel', '--since', first.receivedAt)).code).toBe(3);
  });

  // Last: it stops the file's worker, and runs the rest on a worker of its own.
  it('when a re-drive waits for a worker, then a second one is refused, and a cancel ends it before it sends anything', async () => {
    const { url } = await p.scenario({ mappings: BROKEN });
    const original = await failing(url, 'W-1', 1);
    await fixMapping(url);
    await p.worker.stop();
    const first = await startRedrive(url, { since: original.receivedAt });
    expect(first.status).toBe(202);
    const second = await startRedrive(url, { since: original.receivedAt });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ data: { redriveId: first.body.redriveId } });
    expect(second.body.message).toContain(first.body.redriveId);

    const location = first.headers.get('location') ?? '';
    const cancel = await p.api.call<RedriveView>('POST', `${location}/cancel`, { token: p.token });
    expect(cancel.status).toBe(202);
    expect(cancel.body.cancelRequested).toBe(true);
    const worker = await startTestWorker(p.api.env);
    try {
      expect(await ended(location)).toMatchObject({ state: 'cancelled', sent: 0 });
      expect((await p.api.call('POST', `${location}/cancel`, { token: p.token })).status).toBe(409);
      const third = await startRedrive(url, { since: original.receivedAt });
      expect(third.status).toBe(202);
      expect(await ended(third.headers.get('location') ?? '')).toMatchObject({
        state: 'finished',
        succeeded: 1,
      });
    } finally {
      await worker.stop();
    }
  });
});
