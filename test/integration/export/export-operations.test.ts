/**
 * What an operator does with an export: read the delivery log, send a waiting delivery now,
 * replay, ping, rotate the secret, resync. A real receiver on loopback answers.
 */
import { Webhook } from 'standardwebhooks';
import type { ChangeView } from '../../../core/changes/change-record';
import type { ItemDocument } from '../../../core/items/item';
import {
  startReceiver,
  type LoopbackReceiver,
  type Respond,
} from '../../support/loopback-receiver';
import {
  change,
  createContentType,
  createExport,
  startExportFixture,
  until,
  type ExportFixture,
} from './support/export-fixture';

interface DeliveryPage {
  items: { id: string; status: string; origin: string; attempts: { status: number | null }[] }[];
  nextCursor: string | null;
}

const changesOf = (fx: LoopbackReceiver) =>
  fx.received.flatMap((r) => (JSON.parse(r.body) as { changes?: ChangeView[] }).changes ?? []);

describe('export operations', () => {
  let fx: ExportFixture;
  let owner: string;
  const receivers: LoopbackReceiver[] = [];
  const base = (id: string) => `/api/v1/settings/exports/${id}`;

  async function receiver(respond: Respond) {
    const started = await startReceiver(respond);
    receivers.push(started);
    return started;
  }

  beforeAll(async () => {
    // Retries wait ten minutes here: only "send now" can bring one forward within a test.
    fx = await startExportFixture('export-ops', { EXPORT_RETRY_DELAYS_MS: '600000' });
    ({ token: owner } = await fx.api.bootstrap('acme'));
    await createContentType(fx.api, owner);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await fx.close();
  });

  it('when a delivery waits for its retry, then the log shows it and "retry" sends it now', async () => {
    let failing = true;
    const target = await receiver((_request, response) => {
      response.writeHead(failing ? 503 : 200).end(failing ? 'maintenance' : 'ok');
    });
    const exp = await createExport(fx.api, owner, { url: target.origin });
    await fx.write('acme', [change('W-1', 1)]);
    const failed = async () =>
      (
        await fx.api.call<DeliveryPage>('GET', `${base(exp.id)}/deliveries?status=failed`, {
          token: owner,
        })
      ).body;
    await until(async () => (await failed()).items.length === 1, 'a failed delivery');
    const [waiting] = (await failed()).items;
    expect(waiting).toMatchObject({ status: 'failed', origin: 'log', attempts: [{ status: 503 }] });
    failing = false;
    const retried = await fx.api.call('POST', `${base(exp.id)}/deliveries/${waiting!.id}/retry`, {
      token: owner,
    });
    expect(retried.status).toBe(202);
    await until(() => target.received.length === 2, 'the retry');
    expect(target.received[1]!.headers['webhook-id']).toBe(waiting!.id);
    await until(async () => {
      const page = await fx.api.call<DeliveryPage>(
        'GET',
        `${base(exp.id)}/deliveries?status=succeeded`,
        { token: owner },
      );
      return page.body.items.length === 1;
    }, 'the delivery logged as succeeded');
    const again = await fx.api.call('POST', `${base(exp.id)}/deliveries/${waiting!.id}/retry`, {
      token: owner,
    });
    expect(again.status).toBe(409);
    const unknown = await fx.api.call('POST', `${base(exp.id)}/deliveries/nope/retry`, {
      token: owner,
    });
    expect(unknown.status).toBe(404);
    const badStatus = await fx.api.call('GET', `${base(exp.id)}/deliveries?status=lost`, {
      token: owner,
    });
    expect(badStatus.status).toBe(422);
  });

  it('when changes are replayed, then they arrive again as new deliveries', async () => {
    const target = await receiver((_request, response) => response.writeHead(204).end());
    const exp = await createExport(fx.api, owner, { url: target.origin, batchSize: 10 });
    const head = await fx.log.head('acme');
    await fx.write('acme', [change('Y-1', 1), change('Y-2', 1), change('Y-1', 2)]);
    // Y-1's two records, read together, arrive as its latest state (docs/changes.md).
    await until(() => changesOf(target).length === 2, 'the first deliveries');
    const replay = await fx.api.call('POST', `${base(exp.id)}/replay`, {
      token: owner,
      body: { fromSeq: head + 2 },
    });
    expect(replay.status).toBe(202);
    await until(() => changesOf(target).length === 4, 'the replayed changes');
    const replayed = changesOf(target).slice(2);
    expect(replayed.map((c) => `${c.identifier}@${c.version}`).sort()).toEqual(['Y-1@2', 'Y-2@1']);
    const ids = target.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    const log = await fx.api.call<DeliveryPage>('GET', `${base(exp.id)}/deliveries?limit=1`, {
      token: owner,
    });
    expect(log.body.items).toHaveLength(1);
    expect(log.body.nextCursor).toEqual(expect.any(String));

    const since = await fx.api.call('POST', `${base(exp.id)}/replay`, {
      token: owner,
      body: { since: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(since.status).toBe(202);
    const bad = await fx.api.call('POST', `${base(exp.id)}/replay`, {
      token: owner,
      body: { fromSeq: 0 },
    });
    expect(bad.status).toBe(422);
  });

  it('when the export is pinged, then the receiver gets a signed ping and its answer comes back', async () => {
    const target = await receiver((_request, response) => response.writeHead(202).end('pong'));
    const exp = await createExport(fx.api, owner, { url: target.origin, active: false });
    const ping = await fx.api.call('POST', `${base(exp.id)}/test`, { token: owner });
    expect(ping.body).toMatchObject({ ok: true, status: 202, response: 'pong', error: null });
    const [request] = target.received;
    const verified = new Webhook(exp.secret).verify(
      request!.body,
      request!.headers as Record<string, string>,
    );
    expect(verified).toEqual({ type: 'ping', exportId: exp.id });
  });

  it('when the secret is rotated, then deliveries verify with the new and the old one', async () => {
    const target = await receiver((_request, response) => response.writeHead(200).end());
    const exp = await createExport(fx.api, owner, { url: target.origin });
    const rotated = await fx.api.call<{ secret: string; previousSecretExpiresAt: string }>(
      'POST',
      `${base(exp.id)}/rotate-secret`,
      { token: owner },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(exp.secret);
    expect(Date.parse(rotated.body.previousSecretExpiresAt)).toBeGreaterThan(Date.now());
    await fx.write('acme', [change('S-1', 1)]);
    await until(() => target.received.length === 1, 'the delivery');
    const [request] = target.received;
    const headers = request!.headers as Record<string, string>;
    for (const secret of [exp.secret, rotated.body.secret]) {
      expect(new Webhook(secret).verify(request!.body, headers)).toMatchObject({
        exportId: exp.id,
      });
    }
    const read = await fx.api.call('GET', base(exp.id), { token: owner });
    expect(JSON.stringify(read.body)).not.toContain(rotated.body.secret);
  });

  it('when a resync is asked, then every current item arrives once more as updated, whatever its identifier holds', async () => {
    const now = new Date();
    // Identifiers are the senders': `.` and `$` among them (the resync keeps them as values).
    const odd = new Map([
      [7, 'Z-007.eu'],
      [8, 'Z-$008'],
    ]);
    const items: ItemDocument[] = Array.from({ length: 250 }, (_, i) => {
      const identifier = odd.get(i) ?? `Z-${String(i).padStart(3, '0')}`;
      return {
        _id: `acme:products:${identifier}`,
        tenant: 'acme',
        contentType: 'products',
        identifier,
        identifierLower: identifier.toLowerCase(),
        properties: { i },
        createdAt: now,
        updatedAt: now,
        receivedAt: now,
        sequence: 1,
        version: 3,
        funnelId: 'erp',
      };
    });
    await fx.api.context.db.items.insertMany(items);
    const target = await receiver((_request, response) => response.writeHead(200).end());
    const exp = await createExport(fx.api, owner, { url: target.origin });
    const started = await fx.api.call('POST', `${base(exp.id)}/resync`, { token: owner });
    expect(started.status).toBe(202);
    await until(() => changesOf(target).length >= 250, 'the resync deliveries');
    const got = changesOf(target).filter((c) => c.identifier.startsWith('Z-'));
    expect(new Set(got.map((c) => c.identifier)).size).toBe(250);
    expect(got.every((c) => c.event === 'updated' && c.version === 3)).toBe(true);
    // A log change older than what the resync sent is not sent after it.
    await fx.write('acme', [change('Z-000', 2), change('Z-007.eu', 2), change('Z-000', 4)]);
    await until(() => changesOf(target).some((c) => c.version === 4), 'the newer change');
    const versionsOf = (identifier: string) =>
      changesOf(target)
        .filter((c) => c.identifier === identifier)
        .map((c) => c.version);
    expect(versionsOf('Z-000')).toEqual([3, 4]);
    expect(versionsOf('Z-007.eu')).toEqual([3]);
    await until(async () => {
      const read = await fx.api.call<{ resync: { state: string; itemsFormed: number } }>(
        'GET',
        base(exp.id),
        { token: owner },
      );
      return read.body.resync.state === 'done' && read.body.resync.itemsFormed >= 250;
    }, 'the resync shown done');
  });
});
