/**
 * Bodies kept while a job goes on (core/ingest/keep-payloads.ts): the keeping starts at once,
 * and its failure waits for whoever needs the bodies, never reported as unhandled meanwhile; a
 * body the record's preview holds whole is not kept apart.
 */
import type { HistoryPayloadsRepository } from '../../../core/history/history-payloads.repository';
import { keepingPayload, keepingPayloads } from '../../../core/ingest/keep-payloads';

const job = { tenant: 'acme', recordId: 'r1', receivedAt: '2026-11-29T00:00:00.000Z' };
/** Past what a record's preview holds. */
const LONG = Buffer.from(JSON.stringify([{ sku: 'A-1', blob: 'x'.repeat(20_000) }]));

function refusingContext() {
  const calls: number[] = [];
  const historyPayloads = {
    keep: (bodies: readonly unknown[]) => {
      calls.push(bodies.length);
      return Promise.reject(new Error('engine refused the chunks'));
    },
  } as unknown as HistoryPayloadsRepository;
  return { context: { historyPayloads, historyTtlDays: 30, historyPayloadDays: 30 }, calls };
}

/** Unhandled rejections seen while `run` and the turns of the event loop after it go by. */
async function unhandledDuring(run: () => void): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  try {
    run();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('unhandledRejection', listener);
  }
  return seen;
}

describe('keeping bodies while the job goes on', () => {
  it('when keeping fails before anyone waits for it, then nothing is unhandled and the wait meets the failure', async () => {
    const { context, calls } = refusingContext();
    let keeping: Promise<unknown> = Promise.resolve();
    const unhandled = await unhandledDuring(() => {
      keeping = keepingPayload(context, job, LONG);
    });
    expect(unhandled).toEqual([]);
    expect(calls).toEqual([1]);
    await expect(keeping).rejects.toThrow('engine refused the chunks');
  });

  it('when a group keeps its bodies, then one call keeps those present and a failure waits the same way', async () => {
    const { context, calls } = refusingContext();
    let keeping: Promise<unknown> = Promise.resolve();
    const unhandled = await unhandledDuring(() => {
      keeping = keepingPayloads(context, [
        { job, raw: LONG },
        { job: { ...job, recordId: 'r2' }, raw: null },
        { job: { ...job, recordId: 'r3' }, raw: Buffer.from('[]') },
      ]);
    });
    expect(unhandled).toEqual([]);
    expect(calls).toEqual([1]);
    await expect(keeping).rejects.toThrow('engine refused the chunks');
  });

  it('when bodies are short UTF-8 text, then none is kept apart: their records hold them', async () => {
    const { context, calls } = refusingContext();
    const short = Buffer.from('[{"sku":"A-1","title":"Kurz äöü"}]');
    await expect(keepingPayload(context, job, short)).resolves.toBeNull();
    await expect(
      keepingPayloads(context, [
        { job, raw: short },
        { job: { ...job, recordId: 'r2' }, raw: null },
      ]),
    ).resolves.toEqual([null, null]);
    expect(calls).toEqual([]);
  });
});
