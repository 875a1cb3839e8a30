/**
 * An export's ETag covers everything its body shows (docs/settings.md#versions): deliveries that
 * pile up change the body without a revision, so they change the ETag too; a GET's If-None-Match
 * gets a 304 only while the body is the same, and a write still goes ahead against the version
 * read before the deliveries moved.
 */
import { startReceiver, type LoopbackReceiver } from '../../support/loopback-receiver';
import {
  change,
  createContentType,
  createExport,
  startExportFixture,
  until,
  type ExportFixture,
} from './support/export-fixture';

interface ExportBody {
  pendingDeliveries: number;
  failingSince: string | null;
}

describe('the ETag of an export', () => {
  let fx: ExportFixture;
  let owner: string;
  let receiver: LoopbackReceiver;

  beforeAll(async () => {
    // Retries wait ten minutes: a failed delivery stays waiting while the test looks.
    fx = await startExportFixture('export-etag', { EXPORT_RETRY_DELAYS_MS: '600000' });
    ({ token: owner } = await fx.api.bootstrap('acme'));
    await createContentType(fx.api, owner, 'products');
    receiver = await startReceiver((_request, response) => response.writeHead(503).end());
  });
  afterAll(async () => {
    await receiver?.close();
    await fx?.close();
  });

  /**
   * A GET, or with `etag` a revalidation as a browser's cache makes it. Cache-Control is set
   * because fetch would otherwise add `no-cache` to a request with If-None-Match, which always
   * asks for the whole answer.
   */
  const read = (id: string, etag?: string) =>
    fx.api.call<ExportBody>('GET', `/api/v1/settings/exports/${id}`, {
      token: owner,
      headers: etag ? { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } : {},
    });

  it('when deliveries pile up, then the ETag changes with them, and a 304 comes only for the same body', async () => {
    const exp = await createExport(fx.api, owner, { name: 'outage', url: receiver.origin });
    const before = await read(exp.id);
    expect(before.body.pendingDeliveries).toBe(0);
    const quiet = before.headers.get('etag')!;
    expect((await read(exp.id, quiet)).status).toBe(304);

    await fx.write('acme', [change('A-1', 1)]);
    await until(async () => {
      const now = await read(exp.id);
      return now.body.pendingDeliveries === 1 && now.body.failingSince !== null;
    }, 'a failed delivery that waits');

    const outage = await read(exp.id, quiet);
    expect(outage.status).toBe(200);
    expect(outage.body.pendingDeliveries).toBe(1);
    const tag = outage.headers.get('etag')!;
    expect(tag).not.toBe(quiet);
    const again = await read(exp.id, tag);
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(tag);

    // The settings did not change: a write against the version read before still goes ahead.
    const renamed = await fx.api.call('PATCH', `/api/v1/settings/exports/${exp.id}`, {
      token: owner,
      headers: { 'If-Match': quiet },
      body: { name: 'outage, renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).not.toBe(tag);
  });
});
