/**
 * Preview threads shared fairly between tenants (docs/api-behaviour.md#preview): a tenant runs
 * one preview at a time across API processes (a turn in Redis), so that while its preview runs
 * another tenant finds a thread free; only when other tenants hold every thread of a process is
 * a preview refused as busy. A preview is held running, as long as the test decides, by its first
 * read: the content type, which the test's ports answer only once the gate is opened.
 */
import type { ContentType } from '../../../core/domain/content-type';
import { createLogger } from '../../../core/platform/logger';
import type { PreviewPorts } from '../../../core/preview/preview-funnel';
import { previewRequestSchema } from '../../../core/preview/preview-schema';
import {
  PreviewBusy,
  PreviewOverShare,
  PreviewThreads,
} from '../../../core/preview/preview-threads';
import { redisPreviewTurns } from '../../../core/preview/preview-turns';
import type { RedisClient } from '../../../core/redis/redis-connection';
import { testKeys, testRedis, uniquePrefix } from '../../support/test-env';

const BUDGET_MS = 60_000;

const contentType: ContentType = {
  key: 'products',
  name: 'Products',
  kind: 'generic',
  properties: [],
  revision: 1,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

const request = previewRequestSchema.parse({
  funnel: {
    contentType: 'products',
    name: 'Draft',
    endpointUrl: 'erp-products',
    mappings: [{ source: 'sku', target: { system: 'identifier' } }],
  },
});

/** A preview held at its first read until `open`; `entered` once its thread has made that read. */
function gate() {
  let open = () => {};
  let entered = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (entered = resolve));
  const ports: PreviewPorts = {
    contentTypes: {
      find: async () => {
        entered();
        await opened;
        return contentType;
      },
    },
    funnels: { find: () => Promise.resolve(null) },
    history: { recent: () => Promise.resolve([]) },
    items: {
      existing: () => Promise.resolve(new Map()),
      identifierLengths: () => Promise.resolve(new Map()),
      lazyCandidates: () => Promise.resolve([]),
    },
  } as unknown as PreviewPorts;
  return { ports, open, reached };
}

/** Ports that answer at once: a preview that runs straight to its answer. */
const quick = (): PreviewPorts => {
  const held = gate();
  held.open();
  return held.ports;
};

describe('preview threads between tenants', () => {
  const keys = testKeys(uniquePrefix('preview-fairness'));
  const logger = createLogger('test', 'silent');
  let redis: RedisClient;
  /** Two API processes of one deployment: threads of their own, turns in the one Redis. */
  const apiProcess = () =>
    new PreviewThreads(
      { budgetMs: BUDGET_MS, maxThreads: 2, maxMemoryMb: 256 },
      redisPreviewTurns(redis, keys, logger),
    );

  beforeAll(() => {
    redis = testRedis('preview-fairness');
  });
  afterAll(() => redis.quit());

  it("when tenant A runs a preview and sends another, then A's second is refused as over its share on any process, and tenant B's previews are answered meanwhile", async () => {
    const [one, two] = [apiProcess(), apiProcess()];
    const slow = gate();
    const running = one.run(slow.ports, 'tenant-a', request);
    await slow.reached;

    for (const threads of [one, two]) {
      const second = threads.run(quick(), 'tenant-a', request);
      await expect(second).rejects.toThrow(PreviewOverShare);
      await expect(second).rejects.toMatchObject({
        retryAfterSeconds: BUDGET_MS / 1000,
        message:
          'A preview of this tenant is running already, and a tenant runs one at a time; send ' +
          `it again once that one has its answer (within ${BUDGET_MS / 1000} s)`,
      });
    }
    for (let i = 0; i < 2; i++) {
      await expect(one.run(quick(), 'tenant-b', request)).resolves.toEqual({
        sample: null,
        requests: [],
        skipped: [],
      });
    }

    slow.open();
    await expect(running).resolves.toMatchObject({ sample: null });
    // Its turn is given back with its answer: A's next preview runs.
    await expect(two.run(quick(), 'tenant-a', request)).resolves.toMatchObject({ sample: null });
  });

  it('when two other tenants hold both threads of a process, then a third tenant is refused as busy there, and runs once one is free', async () => {
    const threads = apiProcess();
    const [a, c] = [gate(), gate()];
    const runs = [
      threads.run(a.ports, 'tenant-a', request),
      threads.run(c.ports, 'tenant-c', request),
    ];
    await Promise.all([a.reached, c.reached]);

    const busy = threads.run(quick(), 'tenant-b', request);
    await expect(busy).rejects.toThrow(PreviewBusy);
    await expect(busy).rejects.toThrow(
      '2 previews of other tenants are running on this API process; send it again in a few seconds',
    );

    a.open();
    await runs[0];
    await expect(threads.run(quick(), 'tenant-b', request)).resolves.toMatchObject({
      sample: null,
    });
    c.open();
    await runs[1];
  });
});
