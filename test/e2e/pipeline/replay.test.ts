/**
 * Replay (docs/api-behaviour.md#replay): a recorded POST sent again through the funnel's current
 * settings, as a new request with a history record of its own that names the one replayed.
 */
import type { HistoryView } from '../../../core/history/history-record';
import { tokenWith } from '../../browser/support/tokens';
import { identifiers, requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';

/** Well past the 256 KiB the history once cut bodies at. */
const LARGE_BYTES = 1024 * 1024;

describe('replaying a recorded request', () => {
  let p: Pipeline;
  let contentType: string;
  let url: string;
  const replay = (funnel: string, id: string, token = p.token) =>
    p.api.call('POST', `/api/v1/funnels/${funnel}/history/${encodeURIComponent(id)}/replay`, {
      token,
    });
  /** The mapping fixed: the sender's `cost` now goes to `price`. */
  const fixMapping = async (funnel: string) => {
    const fixed = await p.api.call('PATCH', `/api/v1/settings/funnels/${funnel}`, {
      token: p.token,
      body: {
        mappings: [
          { source: 'sku', target: { system: 'identifier' } },
          { source: 'title', target: { system: 'name' } },
          { source: 'cost', target: { property: 'price' } },
        ],
      },
    });
    expect(fixed.status).toBe(200);
  };

  beforeAll(async () => {
    p = await startPipeline('replay');
    ({ contentType, url } = await p.scenario({
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
        { source: 'price', target: { property: 'price' } },
      ],
    }));
  });
  afterAll(() => p.close());

  it('when a failed request is replayed after the mapping was fixed, then it succeeds under a new record naming the old', async () => {
    const failed = await p.post(url, [{ sku: 'C-1', title: 'Hat', cost: 3 }]);
    expect(failed.status).toBe(422);
    const original = await p.history(url, requestIdOf(failed));
    await fixMapping(url);
    const historyBefore = await p.api.context.db.history.countDocuments({ endpointUrl: url });

    const replayed = await replay(url, original.recordId);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual({ status: 'success', message: expect.any(String) });
    const location = replayed.headers.get('location') ?? '';
    const recordId = decodeURIComponent(location.split('/').at(-1) ?? '');
    expect(location).toBe(`/api/v1/funnels/${url}/history/${encodeURIComponent(recordId)}`);
    expect(recordId).not.toBe(original.recordId);

    const record = (await p.api.call<HistoryView>('GET', location, { token: p.token })).body;
    expect(record).toMatchObject({
      recordId,
      replayOf: original.recordId,
      status: 'success',
      httpStatus: 200,
      method: 'POST',
      payload: original.payload,
      sequence: expect.any(Number),
    });
    expect(record.sequence).toBeGreaterThan(original.sequence ?? Infinity);
    expect(await p.api.context.db.history.countDocuments({ endpointUrl: url })).toBe(
      historyBefore + 1,
    );
    // The original record is left as it was.
    expect(await p.history(url, original.recordId)).toEqual(original);
    expect(identifiers(await p.items(contentType))).toEqual(['C-1']);
    expect((await p.item(contentType, 'C-1'))?.properties).toEqual({ price: 3 });
  });

  it('when a replay is asked with ?dryRun=true, then it answers as the real replay would, writes nothing and is recorded as a dry run', async () => {
    const sent = await p.post(url, [{ sku: 'DR-1', title: 'Dry', cost: 3 }]);
    expect(sent.status).toBe(200);
    expect((await p.remove(url, { identifiers: ['DR-1'] })).status).toBe(200);
    const original = requestIdOf(sent);

    const dry = await p.api.call(
      'POST',
      `/api/v1/funnels/${url}/history/${encodeURIComponent(original)}/replay?dryRun=true`,
      { token: p.token },
    );
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({ status: 'success', message: '1 item was imported' });
    expect(await p.item(contentType, 'DR-1')).toBeNull();
    const record = (
      await p.api.call<HistoryView>('GET', dry.headers.get('location') ?? '', { token: p.token })
    ).body;
    expect(record).toMatchObject({ dryRun: true, status: 'success', httpStatus: 200 });
    expect(record.replayOf).toEqual(expect.any(String));

    const real = await replay(url, original);
    expect(real.status).toBe(200);
    expect(await p.item(contentType, 'DR-1')).not.toBeNull();
  });

  it('when a replay is asked with another query parameter or dryRun value, then 400 and nothing is replayed', async () => {
    const sent = await p.post(url, [{ sku: 'DQ-1', title: 'Query', cost: 3 }]);
    const path = `/api/v1/funnels/${url}/history/${encodeURIComponent(requestIdOf(sent))}/replay`;
    const before = await p.api.context.db.history.countDocuments({});
    for (const [query, message] of [
      ['dry_run=true', 'Unknown query parameter "dry_run": this operation takes only dryRun'],
      ['dryRun=yes', '"true" or "false"'],
    ]) {
      const refused = await p.api.call(`POST`, `${path}?${query}`, { token: p.token });
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
      expect((refused.body as { message: string }).message).toContain(message);
    }
    expect(await p.api.context.db.history.countDocuments({})).toBe(before);
  });

  it('when an NDJSON request is replayed, then it is sent as NDJSON again', async () => {
    const ndjson = '{"sku":"N-1","title":"One","cost":1}\n{"sku":"N-2","title":"Two","cost":2}\n';
    const sent = await p.send('POST', url, {
      rawBody: ndjson,
      headers: { 'content-type': 'application/x-ndjson' },
    });
    expect(sent.status).toBe(200);
    const stored = await p.api.context.db.history.findOne({ requestId: requestIdOf(sent) });
    expect(stored?.bodyFormat).toBe('ndjson');
    const replayed = await replay(url, requestIdOf(sent));
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual({ status: 'success', message: '2 items were imported' });
  });

  it('when a failed request of over 1 MB is replayed after the mapping was fixed, then its whole body goes again and every item is written', async () => {
    const scenario = await p.scenario({
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
        { source: 'price', target: { property: 'price' } },
      ],
    });
    const count = 2_000;
    const blob = 'x'.repeat(Math.ceil(LARGE_BYTES / count));
    const big = Array.from({ length: count }, (_, at) => ({
      sku: `L-${at}`,
      title: 'Large',
      cost: at,
      blob,
    }));
    const failed = await p.post(scenario.url, big);
    expect(failed.status).toBe(422);
    expect(JSON.stringify(big).length).toBeGreaterThan(LARGE_BYTES);
    await fixMapping(scenario.url);

    const replayed = await replay(scenario.url, requestIdOf(failed));
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual({ status: 'success', message: `${count} items were imported` });
    const items = await p.items(scenario.contentType);
    expect(items).toHaveLength(count);
    expect((await p.item(scenario.contentType, 'L-1999'))?.properties).toEqual({ price: 1999 });
  });

  it('when the record is of a DELETE, then 409', async () => {
    const removal = await p.remove(url, { identifiers: ['Z-1'] });
    expect(removal.status).toBe(200);
    expect((await replay(url, requestIdOf(removal))).status).toBe(409);
  });

  it('when the record is of another tenant or funnel, then 404', async () => {
    const sent = await p.post(url, [{ sku: 'T-1', title: 'T', cost: 1 }]);
    const id = requestIdOf(sent);
    const { token } = await p.api.bootstrap('globex');
    await p.api.call('PUT', `/api/v1/settings/content-types/${contentType}`, {
      token,
      body: { name: 'P', kind: 'product', properties: [] },
    });
    const created = await p.api.call('POST', '/api/v1/settings/funnels', {
      token,
      body: { contentType, name: 'Same', endpointUrl: url, mappings: [] },
    });
    expect(created.status).toBe(201);
    expect((await replay(url, id, token)).status).toBe(404);
    const other = await p.scenario();
    expect((await replay(other.url, id)).status).toBe(404);
    expect((await replay(url, 'no-such-record')).status).toBe(404);
  });

  it('when the token lacks create or its user manage_funnels, then 403', async () => {
    const sent = await p.post(url, [{ sku: 'P-1', title: 'P', cost: 1 }]);
    const id = requestIdOf(sent);
    const reader = await tokenWith(p.api, p.token, 'reader', {
      permissions: ['manage_funnels'],
      abilities: ['read'],
    });
    expect((await replay(url, id, reader.token)).status).toBe(403);
    const settingsOnly = await tokenWith(p.api, p.token, 'settings', {
      permissions: ['manage_settings'],
      abilities: ['read', 'create'],
    });
    expect((await replay(url, id, settingsOnly.token)).status).toBe(403);
  });
});
