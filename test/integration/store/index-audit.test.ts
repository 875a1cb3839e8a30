/**
 * Unique indexes hold MongoDB's rule over everything the service writes: after a workload that
 * writes every kind of document (tenants, users, tokens and their uses, settings, items and their
 * stats, history, changes, tombstones, full syncs and their names, exports and their deliveries),
 * no document lacks a field of a unique index's key (docs/storage.md#unique-indexes-and-missing-fields):
 * MongoDB makes the second such document collide.
 */
import type { mongo } from 'mongoose';
import { databaseOf } from '../../../core/mongo/connection';
import { EXPORT_TEST_ENV } from '../export/support/export-fixture';
import { auditUniqueIndexes } from '../../support/index-audit';
import { answerWith, startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import { waitUntil } from '../../support/wait-until';
import { startPipeline, type Pipeline } from '../../e2e/pipeline/pipeline-fixture';

describe('unique indexes over what the service writes', () => {
  let p: Pipeline;
  let db: mongo.Db;
  let receiving: LoopbackReceiver;
  let refusing: LoopbackReceiver;

  beforeAll(async () => {
    p = await startPipeline('index-audit', EXPORT_TEST_ENV);
    db = databaseOf(p.api.context.mongo);
    receiving = await startReceiver(answerWith(204));
    refusing = await startReceiver(answerWith(500));
    await writeEveryKindOfDocument();
  }, 120_000);

  afterAll(async () => {
    await p.close();
    await receiving.close();
    await refusing.close();
  });

  const ok = (status: number, expected: number[], what: string) => {
    if (!expected.includes(status))
      throw new Error(`${what}: ${status} ${JSON.stringify(p.serverErrors()).slice(0, 3000)}`);
  };

  async function writeEveryKindOfDocument(): Promise<void> {
    const { api, token } = p;
    const user = await api.call<{ id: string }>('POST', '/api/v1/settings/users', {
      token,
      body: { email: 'audit@example.com', permissions: ['manage_funnels'] },
    });
    ok(user.status, [201], 'user');
    const made = await api.call<{ token: string }>('POST', '/api/v1/settings/tokens', {
      token,
      body: { name: 'reader', abilities: ['read'], userId: user.body.id },
    });
    ok(made.status, [201], 'token');
    const used = await api.call('GET', '/api/v1/settings/content-types', {
      token: made.body.token,
    });
    ok(used.status, [200, 403], 'token use');

    const { url, contentType } = await p.scenario();
    for (const [name, receiver] of [
      ['delivered', receiving],
      ['refused', refusing],
    ] as const) {
      const exported = await api.call('POST', '/api/v1/settings/exports', {
        token,
        body: { name, url: `${receiver.origin}/hook`, contentTypes: [contentType] },
      });
      ok(exported.status, [201], `export ${name}`);
    }

    ok(
      (
        await p.post(url, [
          { sku: 'A-1', title: 'One' },
          { sku: 'A-2', title: 'Two' },
        ])
      ).status,
      [200],
      'POST',
    );
    ok((await p.post(url, { sku: 'A-1', title: 'One again' })).status, [200], 'update');
    ok((await p.remove(url, { identifiers: ['A-2'] })).status, [200], 'DELETE');

    const committed = await startSync(url);
    ok((await tagged(url, committed, [{ sku: 'A-1', title: 'One' }])).status, [200], 'tagged');
    const commit = await api.call('POST', `/api/v1/funnels/${url}/syncs/${committed}/commit`, {
      token,
      body: { maxDeletes: 10 },
    });
    ok(commit.status, [200, 202], 'commit');
    const open = await startSync(url);
    ok((await tagged(url, open, [{ sku: 'A-3', title: 'Three' }])).status, [200], 'tagged');

    await waitUntil(
      () => [receiving.received.length, refusing.received.length],
      (counts) => counts.every((count) => count > 0),
      { what: 'both receivers to be tried', timeoutMs: 30_000 },
    );
  }

  async function startSync(url: string): Promise<string> {
    const started = await p.api.call<{ syncId: string }>('POST', `/api/v1/funnels/${url}/syncs`, {
      token: p.token,
    });
    ok(started.status, [201], 'sync');
    return started.body.syncId;
  }

  const tagged = (url: string, syncId: string, body: unknown) =>
    p.api.call('POST', `/api/v1/funnels/${url}?sync=${syncId}`, { token: p.token, body });

  it('when the workload is done, then every unique index is audited over documents of its collection', async () => {
    const { audited } = await auditUniqueIndexes(db);
    expect(audited.length).toBeGreaterThan(0);
    for (const index of audited) expect(index).toMatchObject({ documents: expect.any(Number) });
    expect(audited.filter((index) => index.documents === 0)).toEqual([]);
  });

  it('when every unique index is audited, then no document lacks a field of its key', async () => {
    expect((await auditUniqueIndexes(db)).gaps).toEqual([]);
  });

  it('when a unique index names a field the documents lack, as the change log once did, then the audit reports it', async () => {
    // One such document: a second would collide on an engine that keeps MongoDB's rule.
    const probe = db.collection('audit_probe');
    await probe.insertOne({ tenant: 'acme', lastSeq: 1 });
    await probe.createIndex({ tenant: 1, seq: 1 }, { unique: true, name: 'tenant_seq' });
    try {
      const { gaps } = await auditUniqueIndexes(db);
      expect(gaps).toEqual([
        expect.objectContaining({ collection: 'audit_probe', index: 'tenant_seq', field: 'seq' }),
      ]);
    } finally {
      await probe.drop();
    }
  });
});
