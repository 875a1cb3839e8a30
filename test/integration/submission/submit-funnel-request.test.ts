/**
 * The funnel submission use case (core/submission/submit-funnel-request.ts) called as the API
 * calls it, without HTTP, on real engines and a real worker: each way a checked request can go,
 * and what comes of it in the answer, the store, the history and the request's full sync.
 */
import type { HistoryView } from '../../../core/history/history-record';
import { FunnelQueue } from '../../../core/queue/funnel-queue';
import { ReceiptSequence } from '../../../core/redis/receipt-sequence';
import type { Submission, SubmittedRequest } from '../../../core/submission/submission';
import {
  submissionServices,
  type SubmissionServices,
} from '../../../core/submission/submission-services';
import { submitFunnelRequest } from '../../../core/submission/submit-funnel-request';
import { syncServices } from '../../../core/syncs/sync-services';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { testKeys, testTopology } from '../../support/test-env';
import { waitUntil } from '../../support/wait-until';
import { startTestWorker, type TestWorker } from '../../support/worker-harness';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('submitting a funnel request', () => {
  let api: TestApi;
  let worker: TestWorker;
  let token: string;
  let services: SubmissionServices;
  let receipts: ReceiptSequence;
  /** Jobs sent for groupable requests, by how many requests each carried. */
  const groupSizes: number[] = [];
  let counter = 0;

  beforeAll(async () => {
    api = await startTestApi('submission');
    worker = await startTestWorker(api.env);
    ({ token } = await api.bootstrap('acme'));
    const { context } = api;
    services = submissionServices({
      queue: context.queue,
      history: context.history,
      syncs: context.syncApi.syncs,
      config: context.config,
      onGroupSent: (size) => groupSizes.push(size),
    });
    receipts = new ReceiptSequence(context.queue.redis, context.queue.keys);
    const contentType = await api.call('PUT', '/api/v1/settings/content-types/products', {
      token,
      body: { name: 'Products', kind: 'product', properties: [] },
    });
    expect(contentType.status).toBe(201);
  });
  afterAll(async () => {
    await worker.stop();
    await api.close();
  });

  interface Funnel {
    url: string;
    id: string;
  }

  /** A funnel of its own for each test, so that no test sees another's items. */
  async function funnel(): Promise<Funnel> {
    const url = `submitted-${++counter}`;
    const created = await api.call('POST', '/api/v1/settings/funnels', {
      token,
      body: {
        contentType: 'products',
        name: url,
        endpointUrl: url,
        mappings: [
          { source: 'sku', target: { system: 'identifier' } },
          { source: 'title', target: { system: 'name' } },
        ],
      },
    });
    expect(created.status).toBe(201);
    const found = await api.context.funnels.find('acme', url);
    return { url, id: found?.id ?? '' };
  }

  /** A request as the API hands it over after reading it: a POST of `items`, waited for. */
  async function request(
    to: Funnel,
    items: unknown,
    options: Partial<Pick<Submission, 'dryRun' | 'sync'>> &
      Partial<Pick<SubmittedRequest, 'idempotencyKey' | 'respondAsync'>> = {},
  ): Promise<SubmittedRequest> {
    const requestId = `submission-${++counter}`;
    const receivedAt = new Date();
    return {
      submission: {
        requestId,
        recordId: requestId,
        tenant: 'acme',
        endpointUrl: to.url,
        funnelId: to.id,
        method: 'POST',
        receivedAt: receivedAt.toISOString(),
        sequence: await receipts.next(receivedAt),
        tokenId: null,
        dryRun: options.dryRun ?? false,
        bodyFormat: 'json',
        ...(options.sync === undefined ? {} : { sync: options.sync }),
      },
      body: Buffer.from(JSON.stringify(items)),
      idempotencyKey: options.idempotencyKey,
      respondAsync: options.respondAsync ?? false,
    };
  }

  const stored = (to: Funnel) =>
    api.context.db.items
      .find({ tenant: 'acme', funnelId: to.id })
      .toArray()
      .then((items) => items.map((item) => item.identifier).sort());

  const record = async (to: Funnel, recordId: string) => {
    const response = await api.call<HistoryView>(
      'GET',
      `/api/v1/funnels/${to.url}/history/${recordId}`,
      { token },
    );
    return response.status === 200 ? response.body : null;
  };

  /** A full sync of the funnel, started now or, through an API whose clock runs late, long ago. */
  async function startSync(to: Funnel, through = api): Promise<string> {
    const started = await through.call<{ syncId: string }>(
      'POST',
      `/api/v1/funnels/${to.url}/syncs`,
      { token },
    );
    expect(started.status).toBe(201);
    return started.body.syncId;
  }

  const commit = (to: Funnel, syncId: string) =>
    api.call('POST', `/api/v1/funnels/${to.url}/syncs/${syncId}/commit`, {
      token,
      body: { maxDeletePercent: 100 },
    });

  describe('a plain request', () => {
    it('when it is submitted, then its job answers and its items are stored', async () => {
      const to = await funnel();
      const outcome = await submitFunnelRequest(
        await request(to, [{ sku: `${to.url}/A-1`, title: 'Shoe' }]),
        services,
      );
      expect(outcome).toMatchObject({
        state: 'answered',
        httpStatus: 200,
        replayed: false,
        envelope: { status: 'success', message: '1 item was imported' },
      });
      expect(await stored(to)).toEqual([`${to.url}/A-1`]);
    });

    it('when its job outlasts the wait, then it is still running, and no worker is waited for', async () => {
      const to = await funnel();
      // A queue no worker serves: the job is never taken.
      const keys = testKeys(`${api.env.QUEUE_PREFIX}-idle`);
      const idle = new FunnelQueue({ topology: testTopology(), keys });
      await idle.waitUntilReady();
      try {
        const { context } = api;
        const impatient = submissionServices({
          queue: idle,
          history: context.history,
          syncs: syncServices(context.db, idle.redis, idle.keys),
          config: { ...context.config, WAIT_TIMEOUT_MS: 200 },
        });
        const sent = await request(to, [{ sku: `${to.url}/R-1`, title: 'Shoe' }]);
        expect(await submitFunnelRequest(sent, impatient)).toEqual({ state: 'running' });
      } finally {
        await idle.close();
      }
    });
  });

  describe('a dry run', () => {
    it('when it is submitted, then it is answered as the request would be, and nothing is stored', async () => {
      const to = await funnel();
      const sent = await request(to, [{ sku: `${to.url}/D-1`, title: 'Shoe' }], { dryRun: true });
      const outcome = await submitFunnelRequest(sent, services);
      expect(outcome).toMatchObject({ state: 'answered', httpStatus: 200, replayed: false });
      expect(await stored(to)).toEqual([]);
    });

    it('when its Idempotency-Key is then sent with the same body for real, then the key is refused', async () => {
      const to = await funnel();
      const items = [{ sku: `${to.url}/D-2`, title: 'Shoe' }];
      const idempotencyKey = 'dry-first';
      const dry = await request(to, items, { dryRun: true, idempotencyKey });
      expect(await submitFunnelRequest(dry, services)).toMatchObject({ state: 'answered' });
      const real = await request(to, items, { idempotencyKey });
      expect(await submitFunnelRequest(real, services)).toEqual({
        state: 'refused',
        refusal: { reason: 'idempotency-key-reused' },
      });
      expect(await stored(to)).toEqual([]);
    });
  });

  describe('a request that prefers respond-async', () => {
    it('when it is submitted, then it is accepted at once, and its history record ends as its outcome', async () => {
      const to = await funnel();
      const sent = await request(to, [{ sku: `${to.url}/S-1`, title: 'Shoe' }], {
        respondAsync: true,
      });
      expect(await submitFunnelRequest(sent, services)).toEqual({ state: 'accepted' });
      const final = await waitUntil(
        () => record(to, sent.submission.recordId),
        (found) => found !== null && found.status !== 'queued' && found.status !== 'processing',
        { what: 'the record to be final', timeoutMs: 15_000, everyMs: 50 },
      );
      expect(final).toMatchObject({ status: 'success', httpStatus: 200 });
      expect(await stored(to)).toEqual([`${to.url}/S-1`]);
    });

    it('when it also carries an Idempotency-Key, then it is waited for instead', async () => {
      const to = await funnel();
      const sent = await request(to, [{ sku: `${to.url}/S-2`, title: 'Shoe' }], {
        respondAsync: true,
        idempotencyKey: 'async-and-keyed',
      });
      expect(await submitFunnelRequest(sent, services)).toMatchObject({
        state: 'answered',
        httpStatus: 200,
      });
    });
  });

  describe('a request with an Idempotency-Key', () => {
    it('when it is repeated with the same body, then the first answer is replayed and no job runs again', async () => {
      const to = await funnel();
      const items = [{ sku: `${to.url}/I-1`, title: 'Shoe' }];
      const first = await submitFunnelRequest(
        await request(to, items, { idempotencyKey: 'order-1' }),
        services,
      );
      expect(first).toMatchObject({ state: 'answered', httpStatus: 200, replayed: false });
      const repeat = await request(to, items, { idempotencyKey: 'order-1' });
      const replayed = await submitFunnelRequest(repeat, services);
      expect(replayed).toEqual({
        state: 'answered',
        httpStatus: 200,
        envelope: first.state === 'answered' ? first.envelope : undefined,
        replayed: true,
      });
      expect(await record(to, repeat.submission.recordId)).toBeNull();
    });

    it('when it is reused with another body, then it is refused and the other body is not stored', async () => {
      const to = await funnel();
      const first = await request(to, [{ sku: `${to.url}/I-2`, title: 'Shoe' }], {
        idempotencyKey: 'order-2',
      });
      expect(await submitFunnelRequest(first, services)).toMatchObject({ httpStatus: 200 });
      const other = await request(to, [{ sku: `${to.url}/I-3`, title: 'Boot' }], {
        idempotencyKey: 'order-2',
      });
      expect(await submitFunnelRequest(other, services)).toEqual({
        state: 'refused',
        refusal: { reason: 'idempotency-key-reused' },
      });
      expect(await stored(to)).toEqual([`${to.url}/I-2`]);
    });

    it('when the key is not 1 to 255 visible ASCII characters, then it is refused', async () => {
      const to = await funnel();
      const sent = await request(to, [{ sku: `${to.url}/I-4`, title: 'Shoe' }], {
        idempotencyKey: 'with space',
      });
      expect(await submitFunnelRequest(sent, services)).toEqual({
        state: 'refused',
        refusal: { reason: 'malformed-idempotency-key' },
      });
      expect(await stored(to)).toEqual([]);
    });
  });

  describe('small requests to one funnel at once', () => {
    it('when one is under way, then the others wait and go together as one group, each with its own answer', async () => {
      const to = await funnel();
      const sent = await Promise.all(
        ['G-1', 'G-2', 'G-3', 'G-4'].map((sku) =>
          request(to, [{ sku: `${to.url}/${sku}`, title: `Item ${sku}` }]),
        ),
      );
      const sizesBefore = groupSizes.length;
      const outcomes = await Promise.all(sent.map((each) => submitFunnelRequest(each, services)));
      // The first goes alone at once; the others arrive while it runs.
      expect(groupSizes.slice(sizesBefore)).toEqual([1, 3]);
      for (const outcome of outcomes) {
        expect(outcome).toMatchObject({
          state: 'answered',
          httpStatus: 200,
          envelope: { message: '1 item was imported' },
        });
      }
      expect(await stored(to)).toEqual(['G-1', 'G-2', 'G-3', 'G-4'].map((s) => `${to.url}/${s}`));
      for (const each of sent) {
        expect(await record(to, each.submission.recordId)).toMatchObject({ status: 'success' });
      }
    });
  });

  describe('a request tagged for a full sync', () => {
    let late: TestApi;
    beforeAll(async () => {
      // The same deployment, with a clock a day and a minute behind.
      late = await startTestApi('submission', api.env, {
        clock: () => new Date(Date.now() - DAY_MS - 60_000),
      });
    });
    afterAll(() => late.close());

    it('when its sync is open, then it is admitted, names what it wrote, and holds no commit back once answered', async () => {
      const to = await funnel();
      const sync = await startSync(to);
      const sent = await request(to, [{ sku: `${to.url}/T-1`, title: 'Shoe' }], { sync });
      expect(await submitFunnelRequest(sent, services)).toMatchObject({
        state: 'answered',
        httpStatus: 200,
      });
      const view = await api.call<{ requests: number; namedIdentifiers: number }>(
        'GET',
        `/api/v1/funnels/${to.url}/syncs/${sync}`,
        { token },
      );
      expect(view.body).toMatchObject({ requests: 1, namedIdentifiers: 1 });
      expect((await commit(to, sync)).status).toBe(200);
    });

    it('when its sync expired, then it is refused with 410 and nothing is queued', async () => {
      const to = await funnel();
      const sync = await startSync(to, late);
      const sent = await request(to, [{ sku: `${to.url}/T-2`, title: 'Shoe' }], { sync });
      expect(await submitFunnelRequest(sent, services)).toEqual({
        state: 'refused',
        refusal: {
          reason: 'sync-refused',
          status: 410,
          message: `The sync "${sync}" expired uncommitted; start a new sync`,
        },
      });
      expect(await stored(to)).toEqual([]);
      expect(await record(to, sent.submission.recordId)).toBeNull();
    });

    it('when there is no such sync on its funnel, then it is refused with 404', async () => {
      const to = await funnel();
      const sent = await request(to, [{ sku: `${to.url}/T-3`, title: 'Shoe' }], {
        sync: 'no-such-sync',
      });
      expect(await submitFunnelRequest(sent, services)).toMatchObject({
        state: 'refused',
        refusal: { reason: 'sync-refused', status: 404 },
      });
    });

    it('when it is refused for its Idempotency-Key after it was admitted, then it leaves its sync', async () => {
      const to = await funnel();
      const sync = await startSync(to);
      const sent = await request(to, [{ sku: `${to.url}/T-4`, title: 'Shoe' }], {
        sync,
        idempotencyKey: 'with space',
      });
      expect(await submitFunnelRequest(sent, services)).toMatchObject({ state: 'refused' });
      // A request of the sync still pending would make the commit wait for it.
      expect((await commit(to, sync)).status).toBe(200);
    });

    it('when it is a replay of its Idempotency-Key, then it leaves its sync', async () => {
      const to = await funnel();
      const sync = await startSync(to);
      const items = [{ sku: `${to.url}/T-5`, title: 'Shoe' }];
      const options = { sync, idempotencyKey: 'tagged-order' };
      expect(await submitFunnelRequest(await request(to, items, options), services)).toMatchObject({
        replayed: false,
      });
      expect(await submitFunnelRequest(await request(to, items, options), services)).toMatchObject({
        replayed: true,
      });
      expect((await commit(to, sync)).status).toBe(200);
    });
  });
});
