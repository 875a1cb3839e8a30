/**
 * One funnel request's trace, end to end, with tracing on for this file only: the spans of the
 * API, the queue, the worker's job and the export delivery that followed reach an OTLP receiver
 * on loopback, all in the sender's trace, as one tree; the export's receiver is sent a
 * `traceparent` of that trace; the history record and the log lines name it. No span carries a
 * body's values or a secret.
 */
import { randomBytes } from 'node:crypto';
import { createLogger } from '../../../core/platform/logger';
import { startTracing, type Tracing } from '../../../core/platform/tracing/start-tracing';
import { startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import {
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedSpan,
} from '../../support/otlp-receiver';
import { waitUntil } from '../../support/wait-until';
import { createExport, EXPORT_TEST_ENV } from '../../integration/export/support/export-fixture';
import { requestIdOf, startPipeline, type Pipeline } from './pipeline-fixture';
import { launchChromium, openTab } from '../../browser/support/console-browser';

interface Delivery {
  changes: unknown[];
}

describe('a funnel request traced through API, queue, worker and export', () => {
  let collector: OtlpReceiver;
  let tracing: Tracing | undefined;
  let p: Pipeline;
  let webhooks: LoopbackReceiver;

  beforeAll(async () => {
    collector = await startOtlpReceiver();
    tracing = startTracing('test', createLogger('test', 'silent'), {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: collector.tracesUrl,
    });
    p = await startPipeline('tracing', EXPORT_TEST_ENV);
    webhooks = await startReceiver((_request, response) => response.writeHead(204).end());
  });
  afterAll(async () => {
    await webhooks.close();
    await p.close();
    await tracing?.shutdown();
    await collector.close();
  });

  it('when a sender sends traceparent, then every span of its request, job and delivery is in its trace, as one tree', async () => {
    expect(tracing).toBeDefined();
    const brands = await p.scenario({ kind: 'generic', properties: [] });
    await p.post(brands.url, { sku: 'nike', name: 'Nike' });
    const { url, contentType } = await p.scenario({
      properties: [
        { key: 'brand', label: 'Brand', type: 'reference', contentType: brands.contentType },
      ],
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
        { source: 'brand', target: { property: 'brand' } },
      ],
    });
    await createExport(p.api, p.token, {
      url: `${webhooks.origin}/hooks`,
      contentTypes: [contentType],
    });

    const traceId = randomBytes(16).toString('hex');
    const senderSpanId = randomBytes(8).toString('hex');
    const secretTitle = 'Shoe-b1c9e0d7';
    const answer = await p.post(
      url,
      [
        { sku: 'A', title: secretTitle, brand: 'nike' },
        { sku: 'B', title: 'Boot', brand: 'nike' },
      ],
      { headers: { traceparent: `00-${traceId}-${senderSpanId}-01` } },
    );
    expect(answer.status).toBe(200);

    // A and B may fall in two lanes: one delivery each, or both in one.
    const deliveredChanges = () =>
      webhooks.received.reduce(
        (sum, r) => sum + (JSON.parse(r.body) as Delivery).changes.length,
        0,
      );
    await waitUntil(deliveredChanges, (n) => n === 2, { what: 'the deliveries of A and B' });
    const sentParents = webhooks.received.map((r) => String(r.headers.traceparent));
    for (const traceparent of sentParents) {
      expect(traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    }

    const names = ['POST /api/v1/funnels/{endpointUrl}', 'job ingest'];
    const posts = (found: ReceivedSpan[]) => found.filter((span) => span.name === 'POST');
    const spans = await waitUntil(
      async () => {
        await tracing?.flush();
        return collector.spans.filter((span) => span.traceId === traceId);
      },
      (found) =>
        names.every((name) => found.some((span) => span.name === name)) &&
        posts(found).length === sentParents.length,
      { what: 'the spans of the request', describe: (found) => found.map((s) => s.name).join() },
    );

    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const one = (name: string): ReceivedSpan => {
      const found = spans.filter((span) => span.name === name);
      expect(found).toHaveLength(1);
      return found[0] as ReceivedSpan;
    };
    const parentOf = (span: ReceivedSpan) => byId.get(span.parentSpanId ?? '')?.name;

    // The request's span is the sender's span's child; every other span hangs under it.
    const server = one('POST /api/v1/funnels/{endpointUrl}');
    expect(server.parentSpanId).toBe(senderSpanId);
    for (const span of spans) {
      if (span !== server) expect(byId.has(span.parentSpanId ?? '')).toBe(true);
    }
    expect(parentOf(one('authenticate'))).toBe(server.name);
    expect(parentOf(one('queue'))).toBe(server.name);
    expect(parentOf(one('queue wait'))).toBe('queue');
    expect(parentOf(one('job ingest'))).toBe('queue');
    expect(parentOf(one('map and check'))).toBe('job ingest');
    expect(parentOf(one('lookup references'))).toBe('map and check');
    expect(parentOf(one('write items'))).toBe('job ingest');
    expect(parentOf(one('write change log'))).toBe('write items');
    expect(parentOf(one('write history'))).toBe('write items');
    const deliveries = spans.filter((span) => span.name === 'export delivery');
    expect(deliveries.map(parentOf)).toEqual(deliveries.map(() => 'write change log'));
    expect(posts(spans).map(parentOf)).toEqual(posts(spans).map(() => 'export delivery'));
    const answers = spans.filter((span) => span.name === 'answer').map(parentOf);
    expect(answers.sort()).toEqual(['POST /api/v1/funnels/{endpointUrl}', 'job ingest']);

    // The receiver's traceparent names the delivery's HTTP call.
    const sentSpans = sentParents.map((traceparent) => traceparent.split('-')[2]);
    expect(sentSpans.sort()).toEqual(
      posts(spans)
        .map((span) => span.spanId)
        .sort(),
    );

    const funnel = { 'funnel_sync.tenant': 'acme', 'funnel_sync.funnel.endpoint_url': url };
    expect(server.attributes).toMatchObject({ ...funnel, 'http.response.status_code': 200 });
    expect(one('job ingest').attributes).toMatchObject({
      ...funnel,
      'funnel_sync.items.imported': 2,
      'funnel_sync.items.failed': 0,
    });
    expect(one('map and check').attributes).toMatchObject({ 'funnel_sync.items.count': 2 });
    expect(one('write items').attributes).toMatchObject({ 'funnel_sync.items.written': 2 });
    for (const delivery of deliveries) {
      expect(delivery.attributes).toMatchObject({ 'funnel_sync.tenant': 'acme' });
    }
    const counts = deliveries.map((span) => Number(span.attributes['funnel_sync.changes.count']));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(2);
    for (const post of posts(spans)) {
      expect(post.attributes).toMatchObject({ 'http.response.status_code': 204 });
    }

    // No value of the body, no token, no secret in any attribute.
    const values = JSON.stringify(spans.map((span) => span.attributes));
    expect(values).not.toContain(secretTitle);
    expect(values).not.toContain(p.token);
    expect(values).not.toMatch(/bearer|authorization|whsec_/i);

    const requestId = answer.headers.get('x-request-id') ?? '';
    const record = await p.history(url, requestId);
    expect(record.traceId).toBe(traceId);

    // The log lines of the request, in the API and in the worker, name its trace.
    const done = p.worker.lines.find(
      (line) => line.msg === 'funnel request done' && line.requestId === requestId,
    );
    expect(done).toMatchObject({ trace_id: traceId, span_id: expect.any(String) });
    const apiLines = p.api.logLines.filter((line) => line.requestId === requestId);
    expect(apiLines.some((line) => line.trace_id === traceId)).toBe(true);
    expect(p.serverErrors()).toEqual([]);

    // The console's request page shows it.
    const browser = await launchChromium();
    try {
      const tab = await openTab(browser, p.api.baseUrl, { token: p.token });
      await tab.page.goto(`/console/#/funnels/${url}/requests/${requestId}`);
      await tab.page.getByText(traceId).waitFor();
      const facts = await tab.page.locator('.facts dt, .facts dd').allTextContents();
      expect(facts.join('|')).toContain(`Trace|${traceId}`);
      await tab.screenshot('request-trace');
      expect(tab.problems).toEqual([]);
      await tab.close();
    } finally {
      await browser.close();
    }
  });
  it('when single items arrive together and share a group job, then every request has its wait and its job in its own trace', async () => {
    const { url } = await p.scenario();
    const traceIds = Array.from({ length: 30 }, () => randomBytes(16).toString('hex'));
    const answers = await Promise.all(
      traceIds.map((traceId, i) =>
        p.post(
          url,
          { sku: `G-${i}`, title: `Item ${i}` },
          { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } },
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(traceIds.map(() => 200));
    const groupJobs = p.worker.lines.filter(
      (line) => line.msg === 'job finished' && line.job === 'ingest-group',
    );
    expect(groupJobs.length).toBeGreaterThan(0);

    const inTrace = (found: ReceivedSpan[], traceId: string, name: (n: string) => boolean) =>
      found.some((span) => span.traceId === traceId && name(span.name));
    const spans = await waitUntil(
      async () => {
        await tracing?.flush();
        return collector.spans.filter((span) => traceIds.includes(span.traceId));
      },
      (found) =>
        traceIds.every(
          (traceId) =>
            inTrace(found, traceId, (name) => name === 'queue wait') &&
            inTrace(found, traceId, (name) => name.startsWith('job ingest')),
        ),
      {
        what: 'a wait and a job in the trace of every request',
        describe: (found) => `${new Set(found.map((span) => span.traceId)).size} traces`,
      },
    );
    // A member whose trace did not hold the group's work links to the span that did it.
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const groupSpans = spans.filter((span) => span.name === 'job ingest-group');
    const works = groupSpans.filter((span) =>
      span.links.some((link) => byId.get(link.spanId)?.name === 'queue'),
    );
    const standIns = groupSpans.filter((span) => !works.includes(span));
    expect(works.length).toBeGreaterThan(0);
    expect(standIns.length).toBeGreaterThan(0);
    for (const span of standIns) {
      expect(span.links).toHaveLength(1);
      const work = works.find((candidate) => candidate.spanId === span.links[0]?.spanId);
      expect(work?.traceId).toBeDefined();
      expect(work?.traceId).not.toBe(span.traceId);
    }
  });
  it('when a recorded request is replayed with a traceparent, then its job and record are in the trace of the replay', async () => {
    const { url } = await p.scenario();
    const first = await p.post(url, { sku: 'R-1', title: 'Replayed' });
    expect(first.status).toBe(200);
    const original = await p.history(url, requestIdOf(first));

    const traceId = randomBytes(16).toString('hex');
    const replayed = await p.api.call(
      'POST',
      `/api/v1/funnels/${url}/history/${encodeURIComponent(original.recordId)}/replay`,
      {
        token: p.token,
        headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      },
    );
    expect(replayed.status).toBe(200);
    const route = 'POST /api/v1/funnels/{endpointUrl}/history/{requestId}/replay';
    const spans = await waitUntil(
      async () => {
        await tracing?.flush();
        return collector.spans.filter((span) => span.traceId === traceId);
      },
      (found) => [route, 'queue', 'job ingest'].every((n) => found.some((s) => s.name === n)),
      { what: 'the spans of the replay', describe: (found) => found.map((s) => s.name).join() },
    );
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const job = spans.find((span) => span.name === 'job ingest');
    expect(byId.get(job?.parentSpanId ?? '')?.name).toBe('queue');
    const recordId = decodeURIComponent(replayed.headers.get('location')?.split('/').at(-1) ?? '');
    const record = await p.history(url, recordId);
    expect(record.traceId).toBe(traceId);
  });
  it('when a re-drive is asked for with a traceparent, then its job and each request it sends are in that trace', async () => {
    const { url } = await p.scenario();
    const failed = await p.post(url, { sku: 'D-1' });
    expect(failed.status).toBe(422);
    const original = await p.history(url, requestIdOf(failed));

    const traceId = randomBytes(16).toString('hex');
    const asked = await p.api.call('POST', `/api/v1/funnels/${url}/redrives`, {
      token: p.token,
      body: { since: original.receivedAt },
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(asked.status).toBe(202);
    const route = 'POST /api/v1/funnels/{endpointUrl}/redrives';
    const spans = await waitUntil(
      async () => {
        await tracing?.flush();
        return collector.spans.filter((span) => span.traceId === traceId);
      },
      (found) => [route, 'job redrive', 'job ingest'].every((n) => found.some((s) => s.name === n)),
      { what: 'the spans of the re-drive', describe: (found) => found.map((s) => s.name).join() },
    );
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const parentOf = (name: string) =>
      byId.get(spans.find((span) => span.name === name)?.parentSpanId ?? '')?.name;
    expect(parentOf('job redrive')).toBe(route);
    expect(parentOf('job ingest')).toBe('job redrive');
  });
  it('when a request is refused for its body, then its record names the trace of the request', async () => {
    const { url } = await p.scenario();
    const traceId = randomBytes(16).toString('hex');
    const refused = await p.api.call('POST', `/api/v1/funnels/${url}`, {
      token: p.token,
      rawBody: '{"sku": ',
      headers: {
        'content-type': 'application/json',
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      },
    });
    expect(refused.status).toBe(400);
    const record = await p.history(url, String(refused.headers.get('x-request-id')));
    expect(record.httpStatus).toBe(400);
    expect(record.traceId).toBe(traceId);
  });
});
