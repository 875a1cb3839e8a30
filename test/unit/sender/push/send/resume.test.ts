import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeService, type FakeService } from './support/fake-service';
import { batchesOf, iterate, push, summaryOf } from './support/push-harness';

const ROWS = [1, 2, 3, 4, 5, 6].map((n) => ({ sku: `A-${n}`, title: `Item ${n}` }));
const OK = { status: 200, body: { status: 'success', message: 'imported' } };

describe('push: checkpoint, resume and idempotency keys', () => {
  let service: FakeService;
  let file: string;
  beforeEach(async () => {
    service = await startFakeService();
    file = join(await mkdtemp(join(tmpdir(), 'push-')), 'rows.json');
    await writeFile(file, JSON.stringify(ROWS));
  });
  afterEach(() => service.close());

  const run = (plan: Parameters<typeof push>[1] = {}) =>
    push(service, {
      batches: batchesOf(ROWS, 2),
      concurrency: 1,
      rows: undefined,
      ...plan,
    });
  const fromFile = (plan: Parameters<typeof push>[1] = {}) => {
    const batches = batchesOf(ROWS, 2);
    return run({ rows: { source: file, batchesFor: () => iterate(batches) }, ...plan });
  };

  it('gives every batch its own key, and a new run of the same file new keys, so it sends again', async () => {
    await fromFile();
    const first = service.seen.map((request) => request.headers['idempotency-key']);
    expect(new Set(first).size).toBe(3);
    expect(first.every((key) => /^push-[0-9a-f]{64}$/.test(String(key)))).toBe(true);
    service.seen.length = 0;
    await fromFile();
    const second = service.seen.map((request) => request.headers['idempotency-key']);
    expect(second).toHaveLength(3);
    expect(second.filter((key) => first.includes(key))).toEqual([]);
  });

  it('keeps a retried request under its key: a retry within the run replays, never writes twice', async () => {
    service.handle((_request, seen) =>
      seen.length === 0 ? { status: 503, body: { message: 'busy' } } : OK,
    );
    await fromFile();
    const keys = service.seen.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the answered batches when the run stops, and --resume sends only the rest', async () => {
    service.handle((_request, seen) =>
      seen.length === 1 ? { status: 401, body: { message: 'revoked' } } : OK,
    );
    const stopped = await fromFile();
    expect(stopped.exitCode).toBe(2);
    const checkpoint = JSON.parse(await readFile(`${file}.push-checkpoint.json`, 'utf8')) as {
      confirmed: Record<string, unknown>;
      funnel: string;
      runId: string;
    };
    expect(Object.keys(checkpoint.confirmed)).toEqual(['0']);
    expect(checkpoint.runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkpoint.funnel).toBe('erp-products');
    const sentFirst = service.seen.map((request) => request.headers['idempotency-key']);

    const refused = await fromFile();
    expect(refused.exitCode).toBe(2);
    expect(summaryOf(refused).message).toMatch(/--resume.*--restart/);

    service.seen.length = 0;
    service.handle(() => OK);
    const resumed = await fromFile({ resume: true });
    expect(resumed.exitCode).toBe(0);
    expect(service.seen.map((request) => JSON.parse(request.body) as unknown)).toEqual([
      ROWS.slice(2, 4),
      ROWS.slice(4),
    ]);
    // The batch the 401 refused goes again under the key it had.
    expect(service.seen[0]?.headers['idempotency-key']).toBe(sentFirst[1]);
    expect(summaryOf(resumed)).toMatchObject({ sent: 4, imported: 6, skippedBatches: 1 });
    expect(existsSync(`${file}.push-checkpoint.json`)).toBe(false);
  });

  it('--restart discards the checkpoint and sends everything', async () => {
    await writeFile(
      `${file}.push-checkpoint.json`,
      JSON.stringify({ version: 1, runId: 'r', identity: 'x', funnel: 'f', confirmed: { 0: {} } }),
    );
    const result = await fromFile({ restart: true });
    expect(result.exitCode).toBe(0);
    expect(service.seen).toHaveLength(3);
  });

  it('--restart discards a checkpoint this version cannot read, which --resume refuses', async () => {
    const unreadable = { version: 1, identity: 'x', funnel: 'erp-products', confirmed: {} };
    await writeFile(`${file}.push-checkpoint.json`, JSON.stringify(unreadable));
    const refused = await fromFile({ resume: true });
    expect(refused.exitCode).toBe(2);
    expect(summaryOf(refused).message).toMatch(/not a push checkpoint.*--restart/);
    const restarted = await fromFile({ restart: true });
    expect(restarted.exitCode).toBe(0);
    expect(service.seen).toHaveLength(3);
  });

  it('refuses to resume from a checkpoint of another version of the file', async () => {
    await writeFile(
      `${file}.push-checkpoint.json`,
      JSON.stringify({
        version: 1,
        runId: 'r',
        identity: 'x',
        funnel: 'erp-products',
        confirmed: {},
      }),
    );
    const result = await fromFile({ resume: true });
    expect(result.exitCode).toBe(2);
    expect(summaryOf(result).message).toMatch(/another version of the file/);
    expect(service.seen).toHaveLength(0);
  });

  it('sends ?dryRun=true and keeps no checkpoint on a dry run', async () => {
    const result = await fromFile({ dryRun: true });
    expect(result.exitCode).toBe(0);
    expect(service.seen.every((request) => request.query.get('dryRun') === 'true')).toBe(true);
    expect(existsSync(`${file}.push-checkpoint.json`)).toBe(false);
  });
});
