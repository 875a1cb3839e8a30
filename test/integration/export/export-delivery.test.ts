/**
 * Deliveries end to end: the change log, the export's queue and worker, a real receiver on
 * loopback. Signatures are checked with the standardwebhooks library's own verifier.
 */
import { Webhook } from 'standardwebhooks';
import type { ChangeView } from '../../../core/changes/change-record';
import type { DeliveryDocument } from '../../../core/export/delivery/delivery-record';
import { exportDocumentId } from '../../../core/export/export-record';
import {
  answerWith,
  startReceiver,
  type LoopbackReceiver,
  type ReceivedRequest,
} from '../../support/loopback-receiver';
import {
  change,
  createContentType,
  createExport,
  startExportFixture,
  type ExportFixture,
  until,
} from './support/export-fixture';

interface Body {
  type: string;
  exportId: string;
  changes: ChangeView[];
}

const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body) as Body;
const changesOf = (requests: ReceivedRequest[]) => requests.flatMap((r) => bodyOf(r).changes);

describe('export deliveries', () => {
  let fx: ExportFixture;
  let owner: string;
  let other: string;
  const receivers: LoopbackReceiver[] = [];

  async function receiver(respond: Parameters<typeof startReceiver>[0]) {
    const started = await startReceiver(respond);
    receivers.push(started);
    return started;
  }

  beforeAll(async () => {
    fx = await startExportFixture('export-delivery');
    ({ token: owner } = await fx.api.bootstrap('acme'));
    ({ token: other } = await fx.api.bootstrap('other'));
    await createContentType(fx.api, owner);
    await createContentType(fx.api, owner, 'pages');
    await createContentType(fx.api, other);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await fx.close();
  });

  /** The export's deliveries, still to send and sent, in `_id` order. */
  const deliveries = (exportId: string) =>
    fx.api.context.db.exportDeliveries.find({ exportId }).sort({ _id: 1 }).toArray();
  const exportDoc = (tenant: string, id: string) =>
    fx.api.context.db.exports.findOne({ _id: exportDocumentId(tenant, id) });

  it('when items change, then every item arrives signed at its latest version, versions never going back', async () => {
    // A receiver slow on some answers, so that lanes overtake each other.
    const target = await receiver((request, response) => {
      const delay = bodyOf(request).changes.length % 3 === 0 ? 30 : 0;
      setTimeout(() => response.writeHead(200).end('ok'), delay);
    });
    const exp = await createExport(fx.api, owner, { url: `${target.origin}/in`, batchSize: 3 });
    const items = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    for (let round = 1; round <= 5; round += 1) {
      await fx.write(
        'acme',
        items.map((id) => change(id, round)),
      );
    }
    await fx.write('acme', [change('P-1', 1, { contentType: 'pages' })]);
    // Each item's latest state arrives; a version read after a newer one was written carries the
    // newer one (docs/changes.md#what-readers-get).
    const atLatest = () =>
      new Set(
        changesOf(target.received)
          .filter((c) => c.version === 5)
          .map((c) => c.identifier),
      );
    await until(() => atLatest().size === items.length, 'every item at its latest version', 60_000);
    const webhook = new Webhook(exp.secret);
    for (const request of target.received) {
      const verified = webhook.verify(request.body, request.headers as Record<string, string>);
      expect(verified).toMatchObject({ type: 'items.changed', exportId: exp.id });
    }
    const got = changesOf(target.received);
    expect(new Set(got.map((c) => c.identifier))).toEqual(new Set(items));
    // Per item: never an older version after a newer one.
    const seen = new Map<string, number>();
    for (const c of got) {
      expect(c.version).toBeGreaterThanOrEqual(seen.get(c.identifier) ?? 0);
      seen.set(c.identifier, c.version);
    }
    expect(got.some((c) => c.contentType === 'pages')).toBe(false);
    expect(Math.max(...target.received.map((r) => bodyOf(r).changes.length))).toBeLessThanOrEqual(
      3,
    );
    const ids = target.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('when the receiver answers 500 at first, then the retry keeps the webhook-id and attempts are kept', async () => {
    let calls = 0;
    const target = await receiver((_request, response) => {
      calls += 1;
      response.writeHead(calls <= 2 ? 500 : 204).end(calls <= 2 ? 'broken' : '');
    });
    const exp = await createExport(fx.api, owner, { url: target.origin });
    await fx.write('acme', [change('R-1', 1)]);
    await until(() => target.received.length >= 3, 'the expected deliveries', 20_000);
    const ids = target.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    await until(
      async () => (await deliveries(exp.id))[0]?.status === 'succeeded',
      'the delivery to succeed',
    );
    const [delivery] = (await deliveries(exp.id)) as [DeliveryDocument];
    expect(delivery.attempts.map((a) => a.status)).toEqual([500, 500, 204]);
    expect(delivery.attempts[0]?.responseBody).toBe('broken');
    expect(delivery._id).toBe(ids[0]);
  });

  it('when the receiver does not answer in time, then the attempt fails and is tried again', async () => {
    let calls = 0;
    const target = await receiver((_request, response) => {
      calls += 1;
      if (calls > 1) response.writeHead(200).end();
      // The first request is never answered: the delivery times out.
    });
    const exp = await createExport(fx.api, owner, { url: target.origin });
    await fx.write('acme', [change('T-1', 1)]);
    await until(
      async () => (await deliveries(exp.id))[0]?.status === 'succeeded',
      'the expected deliveries',
      20_000,
    );
    const [delivery] = (await deliveries(exp.id)) as [DeliveryDocument];
    expect(delivery.attempts[0]).toMatchObject({ ok: false, error: 'No answer within 500 ms' });
    expect(delivery.attempts[0]?.status).toBeUndefined();
    expect(delivery.attempts.at(-1)).toMatchObject({ ok: true, status: 200 });
  });

  it('when the receiver answers 429 with Retry-After, then the next attempt waits that long', async () => {
    let calls = 0;
    const target = await receiver((_request, response) => {
      calls += 1;
      if (calls === 1) response.writeHead(429, { 'retry-after': '1' }).end();
      else response.writeHead(200).end();
    });
    const exp = await createExport(fx.api, owner, { url: target.origin });
    await fx.write('acme', [change('L-1', 1)]);
    await until(async () => (await deliveries(exp.id))[0]?.attemptCount === 1, 'a first attempt');
    const [waiting] = (await deliveries(exp.id)) as [DeliveryDocument];
    expect(waiting.status).toBe('failed');
    expect(waiting.attempts[0]).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    // The schedule here says 50 ms; the receiver asked for a second.
    expect(
      waiting.nextAttemptAt!.getTime() - waiting.attempts[0]!.startedAt.getTime(),
    ).toBeGreaterThanOrEqual(1000);
    await until(
      async () => (await deliveries(exp.id))[0]?.status === 'succeeded',
      'the expected deliveries',
      20_000,
    );
    expect(target.received).toHaveLength(2);
  });

  it('when the receiver answers 410, then the export is disabled; re-enabled, it sends what waited', async () => {
    let gone = true;
    const target = await receiver((_request, response) => {
      response.writeHead(gone ? 410 : 200).end();
    });
    const exp = await createExport(fx.api, owner, { url: target.origin });
    await fx.write('acme', [change('G-1', 1)]);
    await until(
      async () => (await exportDoc('acme', exp.id))?.state === 'disabled',
      'the export disabled',
    );
    const read = await fx.api.call('GET', `/api/v1/settings/exports/${exp.id}`, { token: owner });
    expect(read.body).toMatchObject({ state: 'disabled', active: false });
    expect(read.body.disabledReason).toMatch(/410/);
    await fx.write('acme', [change('G-1', 2), change('G-2', 1)]);
    // Nothing is formed or sent while disabled.
    expect((await exportDoc('acme', exp.id))?.lanes.reduce((s, l) => s + l.formed, 0)).toBe(1);
    expect(target.received).toHaveLength(1);
    gone = false;
    const enabled = await fx.api.call('PATCH', `/api/v1/settings/exports/${exp.id}`, {
      token: owner,
      body: { active: true },
    });
    expect(enabled.body).toMatchObject({ state: 'active', disabledReason: null });
    await until(
      () => changesOf(target.received.slice(1)).length >= 3,
      'the expected deliveries',
      20_000,
    );
    const again = changesOf(target.received.slice(1)).map((c) => `${c.identifier}@${c.version}`);
    expect(again.sort()).toEqual(['G-1@1', 'G-1@2', 'G-2@1']);
  });

  it('when the receiver redirects to a private address, then the redirect is a failed attempt, not followed', async () => {
    let calls = 0;
    const target = await receiver((_request, response) => {
      calls += 1;
      if (calls === 1) {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      } else {
        response.writeHead(200).end();
      }
    });
    const exp = await createExport(fx.api, owner, { url: target.origin });
    await fx.write('acme', [change('D-1', 1)]);
    await until(
      async () => (await deliveries(exp.id))[0]?.status === 'succeeded',
      'the delivery after the redirect',
    );
    const [delivery] = (await deliveries(exp.id)) as [DeliveryDocument];
    expect(delivery.attempts.map((a) => [a.ok, a.status])).toEqual([
      [false, 302],
      [true, 200],
    ]);
    expect(target.received).toHaveLength(2);
  });

  it("when another tenant's items change, then an export receives none of them", async () => {
    const target = await receiver(answerWith(200));
    const exp = await createExport(fx.api, owner, { url: target.origin });
    await fx.write('other', [change('X-1', 1), change('X-2', 1)]);
    await fx.write('acme', [change('Mine', 1)]);
    await until(() => target.received.length >= 1, 'the expected state');
    await until(
      async () => (await exportDoc('acme', exp.id))?.cursor !== undefined,
      'the expected state',
    );
    expect(changesOf(target.received).map((c) => c.identifier)).toEqual(['Mine']);
    const deliveriesOfOther = await fx.api.call('GET', `/api/v1/settings/exports/${exp.id}`, {
      token: other,
    });
    expect(deliveriesOfOther.status).toBe(404);
  });
});
