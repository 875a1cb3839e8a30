/**
 * A preview runs in a worker thread with a time budget (docs/api-behaviour.md#preview): a draft
 * that would take long (200 mappings of 20 transform steps each, over 50 recorded requests of
 * 5,000 items: minutes of mapping) is stopped at the budget and answered 422 naming it, while the
 * API answers other requests meanwhile; a tenant runs one preview at a time, so that another
 * tenant's preview finds a thread free; a process runs a bounded number at once (of different
 * tenants), and a stopped one frees its place.
 */
import { documentId } from '../../../core/domain/names';
import { HistoryPayloadsRepository } from '../../../core/history/history-payloads.repository';
import { randomUUID } from 'node:crypto';
import type { PreviewAnswer } from '../../../core/preview/preview-schema';
import { historyRecord } from '../../../core/ingest/history-record-builder';
import { previewTurnKey } from '../../../core/preview/preview-turns';
import { testKeys, testRedis } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';
import { startPipeline, type Pipeline } from './pipeline-fixture';

const BUDGET_MS = 4_000;
/** As many recorded requests as a preview reads, each as large as the history keeps whole. */
const RECORDS = 50;
const ITEMS_PER_RECORD = 5_000;
/** Text properties each mapped from the title, through 20 steps. */
const PROPERTIES = Array.from({ length: 200 }, (_, i) => `p${i}`);

describe('a preview past its time budget', () => {
  let p: Pipeline;
  let contentType: string;
  let url: string;

  const preview = (body: unknown, token = p.token) =>
    p.api.call<PreviewAnswer>('POST', '/api/v1/settings/funnel-preview', { token, body });
  const steps = Array.from({ length: 20 }, (_, i) => ({ op: i % 2 ? 'lowercase' : 'uppercase' }));
  /** The title mapped to every property through 20 steps, over all the recorded requests. */
  const slowDraft = () => ({
    funnel: {
      contentType,
      name: 'Slow draft',
      endpointUrl: url,
      mappings: [
        { source: 'sku', target: { system: 'identifier' }, lazy: true },
        { source: 'title', target: { system: 'name' } },
        ...PROPERTIES.map((key) => ({
          source: 'title',
          target: { property: key },
          transforms: steps,
        })),
      ],
    },
    history: { limit: RECORDS },
  });
  const quickDraft = () => ({
    funnel: { ...slowDraft().funnel, requestData: [{ sku: 'S-1', title: 'Sample' }] },
  });

  beforeAll(async () => {
    p = await startPipeline('preview-budget', { PREVIEW_TIME_BUDGET_MS: String(BUDGET_MS) });
    ({ contentType, url } = await p.scenario({
      properties: PROPERTIES.map((key) => ({ key, label: key, type: 'text' })),
    }));
    await p.api.context.db.history.insertMany(await recordsOf('acme', p.token, p.tokenId));
  });
  afterAll(() => p.close());

  /** The tenant's saved funnel `url` has RECORDS requests of ITEMS_PER_RECORD items recorded. */
  async function recordsOf(tenant: string, token: string, tokenId: string | null) {
    const saved = await p.api.call<{ id: string }>('GET', `/api/v1/settings/funnels/${url}`, {
      token,
    });
    // Recorded as the worker records a request, without sending 250,000 items through it: the
    // whole body kept first, then the record that names it.
    const requests = Array.from({ length: RECORDS }, (_, n) => {
      const body = Array.from({ length: ITEMS_PER_RECORD }, (_, i) => ({
        sku: `erp-SKU-${n}-${i}-eu`,
        title: ` Item ${i} `,
      }));
      const id = randomUUID();
      const request = {
        tenant,
        requestId: id,
        recordId: id,
        endpointUrl: url,
        funnelId: saved.body.id,
        method: 'POST' as const,
        receivedAt: new Date(Date.now() - n * 1000).toISOString(),
        sequence: n + 1,
        tokenId,
        dryRun: false,
        bodyFormat: 'json' as const,
      };
      return { request, raw: Buffer.from(JSON.stringify(body)) };
    });
    const kept = await new HistoryPayloadsRepository(p.api.context.db).keep(
      requests.map(({ request, raw }) => ({
        record: { _id: documentId(tenant, request.recordId), tenant },
        raw,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const outcome = { status: 'success' as const, httpStatus: 200, message: '', itemCount: 0 };
    const records = requests.map(({ request, raw }, n) =>
      historyRecord(request, raw, outcome, 1, kept[n] ?? null),
    );
    expect(records.every((record) => record.storedPayload !== null)).toBe(true);
    return records;
  }

  /** Another tenant with the same content type; with `history`, the funnel and its records too. */
  async function tenant(name: string, history = false): Promise<string> {
    const { token, tokenId } = await p.api.bootstrap(name);
    const properties = PROPERTIES.map((key) => ({ key, label: key, type: 'text' }));
    const type = await p.api.call('PUT', `/api/v1/settings/content-types/${contentType}`, {
      token,
      body: { name: 'Products', kind: 'product', properties },
    });
    expect([200, 201]).toContain(type.status);
    if (history) {
      const funnel = quickDraft().funnel;
      const saved = await p.api.call('POST', '/api/v1/settings/funnels', { token, body: funnel });
      expect(saved.status).toBe(201);
      await p.api.context.db.history.insertMany(await recordsOf(name, token, tokenId));
    }
    return token;
  }

  it('when a preview runs past its budget, then it answers 422 naming it, and other requests are answered meanwhile', async () => {
    let settled = false;
    const slow = preview(slowDraft()).finally(() => {
      settled = true;
    });
    for (let i = 0; i < 3; i++) {
      const other = await p.api.call('GET', '/api/v1/settings/me', { token: p.token });
      expect(other.status).toBe(200);
      expect(settled).toBe(false);
    }
    const answer = await slow;
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      status: 'error',
      message:
        `The preview took longer than its time budget of ${BUDGET_MS} ms and was stopped; ` +
        'preview fewer recorded requests (history.limit) or a smaller sample',
    });
    expect(p.serverErrors()).toEqual([]);
  });

  it("when a tenant sends two slow previews at once, then its second answers 429 at once, and a stopped one frees the tenant's turn", async () => {
    const slow = [preview(slowDraft()), preview(slowDraft())];
    const refused = await Promise.race(slow);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(BUDGET_MS / 1000));
    expect(refused.body).toEqual({
      status: 'error',
      message:
        'A preview of this tenant is running already, and a tenant runs one at a time; send it ' +
        `again once that one has its answer (within ${BUDGET_MS / 1000} s)`,
    });
    expect((await Promise.all(slow)).map((answer) => answer.status).sort()).toEqual([422, 429]);

    const quick = await preview(quickDraft());
    expect(quick.status).toBe(200);
    expect(quick.body.sample).toMatchObject({ httpStatus: 200, imported: 1 });
    expect(p.serverErrors()).toEqual([]);
  });

  it('when two tenants hold both preview threads of the process, then a third tenant answers 503', async () => {
    const [other, third] = [await tenant('initech', true), await tenant('umbrella')];
    const slow = [preview(slowDraft()), preview(slowDraft(), other)];
    // Both running: each holds its tenant's turn, taken just before its thread.
    const redis = testRedis('preview-budget');
    const keys = testKeys(p.api.env.QUEUE_PREFIX ?? '');
    const turns = ['acme', 'initech'].map((name) => `mutex:${previewTurnKey(keys, name)}`);
    await waitUntil(
      () => redis.exists(...turns),
      (held) => held === turns.length,
      { what: 'both slow previews to run' },
    ).finally(() => redis.disconnect());

    const busy = await preview(quickDraft(), third);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(busy.body).toMatchObject({
      status: 'error',
      message:
        '2 previews of other tenants are running on this API process; send it again in a few seconds',
    });
    expect((await Promise.all(slow)).map((answer) => answer.status)).toEqual([422, 422]);
  });
});
