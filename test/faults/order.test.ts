/**
 * Faults (docs/storage.md#receipt-order): two requests for the same identifier take effect in the
 * order they were received, even when the first finishes after the second. The product keeps each
 * item's `receivedAt` (the request's receive time) and never lets an older write replace a newer
 * one. Each scenario checks its own preconditions from the history records (received first,
 * finished last), so that a pass means the reordering really happened.
 */
import type { HistoryView } from '../../core/history/history-record';
import type { RunningProcess } from '../support/processes';
import {
  Deployment,
  makeItems,
  storedAsSent,
  type SentItem,
  type Timed,
} from './support/deployment';

/** The large first request: this many other items around the contested one. */
const LARGE = 3_000;

describe('two requests for the same identifier', () => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.start({
      label: 'order',
      env: { JOB_LOCK_MS: '3000', WAIT_TIMEOUT_MS: '120000', WORKER_CONCURRENCY: '2' },
      workers: 2,
    });
  });

  afterAll(async () => {
    await deployment.close();
  });

  const history = async (url: string, requestId: string): Promise<HistoryView> => {
    const record = await deployment.history(url, requestId);
    if (!record) throw new Error(`no history record for ${requestId}`);
    return record;
  };

  /** The precondition of every scenario: the first request was received first. */
  async function expectReceivedInOrder(url: string, firstId: string, secondId: string) {
    const first = await history(url, firstId);
    const second = await history(url, secondId);
    expect(Date.parse(first.receivedAt)).toBeLessThan(Date.parse(second.receivedAt));
    return { first, second };
  }

  /** ...and, where a killed worker forces it, finished last. */
  async function expectReordered(url: string, firstId: string, secondId: string) {
    const { first, second } = await expectReceivedInOrder(url, firstId, secondId);
    expect(Date.parse(String(first.finishedAt))).toBeGreaterThan(
      Date.parse(String(second.finishedAt)),
    );
  }

  /** A large POST holding `contested` among LARGE others, and its items. */
  function largeBody(prefix: string, contested: SentItem): SentItem[] {
    const others = makeItems(prefix, LARGE);
    return [...others.slice(0, LARGE / 2), contested, ...others.slice(LARGE / 2)];
  }

  const item = (sku: string, tag: string): SentItem => ({
    sku,
    title: tag,
    attrs: { color: tag },
    price: tag.length,
  });

  // The store reads the stored receive times, then writes (hundreds of ms for 3,000 items): the
  // write lock keeps the second request's write out of that window (core/items/write-lock.ts).
  for (const existing of [false, true]) {
    it(`when a large first request and a one-item second one sent 5 ms later run at once, then the second's value stays (${existing ? 'item existed' : 'new item'})`, async () => {
      const { contentType, url } = await deployment.funnel();
      const contested = existing ? 'X-old' : 'X-new';
      // Seeds the item, or another one: either way the API has the token and funnel at hand.
      const seeded = await deployment.timed('POST', url, [
        item(existing ? contested : 'warm-up', 'seed'),
      ]);
      expect(seeded.status).toBe(200);
      const firstBody = largeBody('F', item(contested, 'first'));
      const first = deployment.timed('POST', url, firstBody, { 'X-Request-Id': `${url}-1` });
      // Sent once the first is received and its job has started: the first is the older one.
      await deployment.workerStarting(`${url}-1`);
      const second = deployment.timed('POST', url, [item(contested, 'second')], {
        'X-Request-Id': `${url}-2`,
      });
      const answers: Timed[] = await Promise.all([first, second]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      // The writes may land in either order (the write lock decides): the result
      // must be the same. The killed-worker scenarios below force the reversed order.
      await expectReceivedInOrder(url, `${url}-1`, `${url}-2`);

      const stored = await deployment.storedItems(contentType);
      const byIdentifier = new Map(stored.map((doc) => [doc.identifier, doc]));
      expect(byIdentifier.get(contested)?.name).toBe('second');
      expect(byIdentifier.get(contested)?.properties).toEqual({ color: 'second', price: 6 });
      // The first request's other items were written as sent.
      const others = firstBody.filter((sent) => sent.sku !== contested);
      expect(
        others.filter((sent) => !storedAsSent(byIdentifier.get(sent.sku) ?? ({} as never), sent)),
      ).toEqual([]);
    });
  }

  /**
   * Sends the first request, SIGKILLs the worker that took it up, then sends the second, which
   * the other worker finishes while the first waits for its job lock to expire; then waits for
   * the first to finish on the survivor, and replaces the dead worker for the tests that follow.
   */
  async function secondWhileFirstIsRetried(
    url: string,
    firstBody: SentItem[],
    sendSecond: (headers: Record<string, string>) => Promise<Timed>,
  ): Promise<void> {
    const first = deployment.timed('POST', url, firstBody, { 'X-Request-Id': `${url}-1` });
    const { worker: victim } = await deployment.workerStarting(`${url}-1`);
    await victim.stop('SIGKILL');
    const survivor = deployment.workers.find((worker) => worker !== victim) as RunningProcess;
    const second = await sendSecond({ 'X-Request-Id': `${url}-2` });
    expect(second.status).toBe(200);
    expect((await first).status).toBe(200);
    await survivor.waitForLog(
      (line) => line.msg === 'job finished' && line.requestId === `${url}-1`,
    );
    await expectReordered(url, `${url}-1`, `${url}-2`);
    deployment.workers.splice(deployment.workers.indexOf(victim), 1);
    await deployment.startWorker();
  }

  it("when the first request's worker is killed and its job runs again after the second finished, then the second's value stays", async () => {
    const { contentType, url } = await deployment.funnel();
    const contested = 'X-retried';
    await secondWhileFirstIsRetried(url, largeBody('R', item(contested, 'first')), (headers) =>
      deployment.timed('POST', url, [item(contested, 'second')], headers),
    );
    const stored = new Map(
      (await deployment.storedItems(contentType)).map((doc) => [doc.identifier, doc]),
    );
    expect(stored.get(contested)?.name).toBe('second');
    expect(stored.size).toBe(LARGE + 1);
  });

  // The DELETE leaves a tombstone; the older POST, run again later, finds it and takes its write
  // of the item back (core/items/item-tombstones.ts).
  it("when a POST's job runs again after a DELETE of one of its items received later, then the item stays deleted", async () => {
    const { contentType, url } = await deployment.funnel();
    const contested = 'X-deleted';
    await secondWhileFirstIsRetried(url, largeBody('D', item(contested, 'first')), (headers) =>
      deployment.timed('DELETE', url, { identifiers: [contested] }, headers),
    );
    const stored = (await deployment.storedItems(contentType)).map((doc) => doc.identifier);
    expect(stored).not.toContain(contested);
    expect(stored).toHaveLength(LARGE);
  });
});
