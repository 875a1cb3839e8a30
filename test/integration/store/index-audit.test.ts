/**
 * The service's indexes hold over everything it writes: after a workload that writes every kind
 * of document (tenants, users, tokens and their uses, sessions, invitations, settings, items and
 * their stats, history and its parts, changes, tombstones, full syncs and their names, re-drives, exports and
 * their deliveries), no document lacks or stores null in a field of a unique index's key (MongoDB
 * makes the second such document collide), nor in the tenant or the next field of any other
 * index's (docs/storage.md#indexed-fields).
 */
import type { mongo } from 'mongoose';
import { databaseOf } from '../../../core/mongo/connection';
import { EXPORT_TEST_ENV } from '../export/support/export-fixture';
import {
  auditIndexes,
  describeGap,
  serviceIndexSpecs,
  type AuditedIndexSpec,
} from '../../support/index-audit';
import { SERVICE_INDEXES } from '../../../core/storage/indexes';
import { answerWith, startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import { waitUntil } from '../../support/wait-until';
import { startPipeline, type Pipeline } from '../../e2e/pipeline/pipeline-fixture';

const CONSOLE = { 'x-funnel-sync-console': '1' };

describe('the indexes over what the service writes', () => {
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
    await signInWithAnInvitation(user.body.id);

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

    // A failed request, and a re-drive of it: its document, and a record naming it.
    const failed = await p.post(url, [{ title: 'No identifier' }]);
    ok(failed.status, [422], 'failed POST');
    const redrive = await api.call<{ state: string }>('POST', `/api/v1/funnels/${url}/redrives`, {
      token,
      body: { since: new Date(Date.now() - 60_000).toISOString() },
    });
    ok(redrive.status, [202], 're-drive');
    const location = redrive.headers.get('location') ?? '';
    await waitUntil(
      async () => (await api.call<{ state: string }>('GET', location, { token })).body.state,
      (state) => state === 'finished',
      { what: 'the re-drive to finish', timeoutMs: 30_000 },
    );

    // Identifiers whose lists outgrow the history record's budget: its parts are written too.
    const long = Array.from({ length: 2_000 }, (_, i) => ({
      sku: `${i}`.padEnd(256, '木'),
      title: 'Long',
    }));
    ok((await p.post((await p.scenario()).url, long)).status, [200], 'POST of long identifiers');

    await waitUntil(
      () => [receiving.received.length, refusing.received.length],
      (counts) => counts.every((count) => count > 0),
      { what: 'both receivers to be tried', timeoutMs: 30_000 },
    );
  }

  /** An invitation for the user, accepted with a password, and a console session signed in with it. */
  async function signInWithAnInvitation(userId: string): Promise<void> {
    const { api, token } = p;
    const invited = await api.call<{ secret: string }>(
      'POST',
      `/api/v1/settings/users/${userId}/invitation`,
      { token },
    );
    ok(invited.status, [201], 'invitation');
    const password = 'a long enough password';
    const accepted = await api.call('POST', '/api/v1/invitations/accept', {
      headers: CONSOLE,
      body: { secret: invited.body.secret, password },
    });
    ok(accepted.status, [200], 'invitation accepted');
    const session = await api.call('POST', '/api/v1/session', {
      headers: CONSOLE,
      body: { tenant: 'acme', email: 'audit@example.com', password },
    });
    ok(session.status, [201], 'session');
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

  const audit = () => auditIndexes(db, serviceIndexSpecs(db));

  it('when the workload is done, then every index of the service is audited over documents of its collection', async () => {
    const { audited } = await audit();
    expect(audited).toHaveLength(SERVICE_INDEXES.length);
    const empty = audited.filter((index) => index.documents === 0);
    expect(empty.map((index) => `${index.collection}.${index.index}`)).toEqual([]);
  });

  it('when every index is audited, then no document lacks or stores null in a field it relies on', async () => {
    expect((await audit()).gaps.map(describeGap)).toEqual([]);
  });

  /** `documents` in the probe collection, with `index` on it, audited alone. */
  async function probe(index: AuditedIndexSpec, documents: mongo.Document[]) {
    const collection = db.collection(index.collection);
    await collection.insertMany(documents);
    try {
      return (await auditIndexes(db, [index])).gaps.map(describeGap);
    } finally {
      await collection.drop();
    }
  }

  it('when a unique index names a field a document lacks, as the change log once did, then the audit reports it', async () => {
    const index = {
      collection: 'audit_probe',
      name: 'tenant_seq',
      key: { tenant: 1, seq: 1 },
    } as const;
    expect(
      await probe({ ...index, unique: true }, [
        { tenant: 'acme', lastSeq: 1 },
        { tenant: 'acme', seq: 2 },
      ]),
    ).toEqual(['audit_probe.tenant_seq: 1 document(s) lack seq']);
  });

  it('when a document stores null in a field of a unique index, then the audit reports it like a missing one', async () => {
    const index = {
      collection: 'audit_probe',
      name: 'tenant_email',
      key: { tenant: 1, email: 1 },
    } as const;
    expect(
      await probe({ ...index, unique: true }, [
        { tenant: 'acme', email: null },
        { tenant: null, email: 'a@acme.test' },
        { tenant: 'acme', email: 'b@acme.test' },
      ]),
    ).toEqual([
      'audit_probe.tenant_email: 1 document(s) store null in tenant',
      'audit_probe.tenant_email: 1 document(s) store null in email',
    ]);
  });

  it('when documents lack the tenant or the next field of an index that is not unique, then the audit reports them, and not its later fields', async () => {
    const index = {
      collection: 'audit_probe',
      name: 'tenant_funnel_received',
      key: { tenant: 1, funnelId: 1, receivedAt: -1 },
    } as const;
    expect(
      await probe(index, [
        { funnelId: 'f', receivedAt: new Date() },
        { tenant: 'acme', funnelId: null },
        { tenant: 'acme' },
        { tenant: 'acme', funnelId: 'f' },
      ]),
    ).toEqual([
      'audit_probe.tenant_funnel_received: 1 document(s) lack tenant',
      'audit_probe.tenant_funnel_received: 1 document(s) lack funnelId',
      'audit_probe.tenant_funnel_received: 1 document(s) store null in funnelId',
    ]);
  });

  it('when a document of a TTL index lacks its date, then the audit reports it; a null date, kept until set, it does not', async () => {
    const index = {
      collection: 'audit_probe',
      name: 'expires_ttl',
      key: { expiresAt: 1 },
    } as const;
    expect(
      await probe({ ...index, expires: true }, [
        { tenant: 'acme' },
        { expiresAt: null },
        { expiresAt: new Date() },
      ]),
    ).toEqual(['audit_probe.expires_ttl: 1 document(s) lack expiresAt']);
  });
});
