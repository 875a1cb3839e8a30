/**
 * Fairness between tenants (docs/fairness.md), on two API and two worker processes: while one
 * tenant keeps a backlog of large requests queued, another tenant's one-item requests are
 * answered, each while most of that backlog is still queued; and the backlog itself is then
 * processed whole, none of it lost to being parked.
 */
import type { Connection } from 'mongoose';
import { bootstrapTenant } from '../../../core/auth/bootstrap';
import type { HistoryView } from '../../../core/history/history-record';
import { connectMongo } from '../../../core/mongo/connection';
import { collections } from '../../../core/storage/collections';
import { waitUntil } from '../../../scripts/processes/wait-until';
import { call } from '../../support/api-harness';
import { startProcess, type RunningProcess } from '../../support/processes';
import { isolatedEnv } from '../../support/test-env';

const BACKLOG = 16;
const ITEMS_PER_REQUEST = 4_000;
const LEASES = 1;

interface Tenant {
  token: string;
  url: string;
}

describe('two tenants on two API and two worker processes', () => {
  const env = {
    ...isolatedEnv('fairness'),
    WORKER_CONCURRENCY: '2',
    LARGE_JOBS_PER_TENANT: String(LEASES),
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  let mongo: Connection;
  const processes: RunningProcess[] = [];
  let apis: RunningProcess[];
  let busy: Tenant;
  let quiet: Tenant;

  /** A tenant with a token, a content type and a funnel `feed`. */
  async function tenant(name: string): Promise<Tenant> {
    const { token } = await bootstrapTenant(collections(mongo), env.JWT_SECRET, {
      tenant: name,
      email: `owner@${name}.test`,
    });
    const base = apis[0]?.baseUrl ?? '';
    const type = await call(base, 'PUT', '/api/v1/settings/content-types/things', {
      token,
      body: { name: 'Things', kind: 'product', properties: [] },
    });
    expect(type.status).toBe(201);
    const funnel = await call(base, 'POST', '/api/v1/settings/funnels', {
      token,
      body: {
        contentType: 'things',
        name: 'feed',
        endpointUrl: 'feed',
        mappings: [
          { source: 'sku', target: { system: 'identifier' } },
          { source: 'title', target: { system: 'name' } },
        ],
      },
    });
    expect(funnel.status).toBe(201);
    return { token, url: 'feed' };
  }

  const items = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({ sku: `${prefix}-${i}`, title: `item ${i}` }));

  /** The busy tenant's records by status. */
  async function backlogStates(): Promise<Record<string, number>> {
    const listed = await call<{ items: HistoryView[] }>(
      apis[1]?.baseUrl ?? '',
      'GET',
      `/api/v1/funnels/${busy.url}/history?limit=100`,
      { token: busy.token },
    );
    const states: Record<string, number> = {};
    for (const record of listed.body?.items ?? []) {
      states[record.status] = (states[record.status] ?? 0) + 1;
    }
    return states;
  }

  beforeAll(async () => {
    mongo = await connectMongo(env.MONGO_URL, 'funnel-sync-fairness-test');
    apis = await Promise.all([startProcess('api', env), startProcess('api', env)]);
    processes.push(...apis);
    processes.push(
      ...(await Promise.all([startProcess('worker', env), startProcess('worker', env)])),
    );
    busy = await tenant('busy');
    quiet = await tenant('quiet');
  });

  afterAll(async () => {
    await Promise.all(processes.map((running) => running.stop('SIGTERM')));
    await mongo.dropDatabase().catch(() => undefined);
    await mongo.close();
  });

  it("when one tenant keeps large requests queued, then another tenant's one-item requests are answered while that backlog still waits", async () => {
    const accepted = await Promise.all(
      Array.from({ length: BACKLOG }, (_, n) =>
        call(apis[n % 2]?.baseUrl ?? '', 'POST', `/api/v1/funnels/${busy.url}`, {
          token: busy.token,
          body: items(`B${n}`, ITEMS_PER_REQUEST),
          headers: { Prefer: 'respond-async' },
        }),
      ),
    );
    expect(accepted.map((answer) => answer.status)).toEqual(Array(BACKLOG).fill(202));

    for (let n = 0; n < 4; n++) {
      const answer = await call(
        apis[n % 2]?.baseUrl ?? '',
        'POST',
        `/api/v1/funnels/${quiet.url}`,
        {
          token: quiet.token,
          body: { sku: `Q-${n}`, title: 'quiet' },
        },
      );
      expect(answer.status).toBe(200);
      // Read after the answer: what is still queued now was queued when it was given.
      const states = await backlogStates();
      expect(states.queued ?? 0).toBeGreaterThan(BACKLOG / 2);
      // The busy tenant never holds more workers for large requests than its leases.
      expect(states.processing ?? 0).toBeLessThanOrEqual(LEASES);
    }

    // Parked, not lost: the whole backlog is processed in the end.
    const done = await waitUntil(backlogStates, (states) => states.success === BACKLOG, {
      what: 'the backlog processed',
      timeoutMs: 240_000,
    });
    expect(done).toEqual({ success: BACKLOG });
  }, 300_000);
});
