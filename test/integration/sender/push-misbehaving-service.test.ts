/**
 * `funnel-sync push` against services that misbehave, each a server on 127.0.0.1 that answers
 * the limits as the service does and then its funnel requests badly: never, with an answer with
 * no end, or asking for a wait no timer holds. The push bounds each: its request timeout, its
 * answer cap, its longest wait (docs/cli.md#push-a-file-to-a-funnel).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runSenderCli } from '../../../packages/sender/src/sender-cli';

const FUNNEL = 'erp-products';
const FUNNEL_PATH = `/api/v1/funnels/${FUNNEL}`;
const MIB = 1024 * 1024;
/** What a server that streams without end sends at most, were nobody to stop reading. */
const HUGE = 1024 * MIB;

interface Misbehaving {
  url: string;
  /** Funnel requests received. */
  funnelRequests: number;
  close(): Promise<void>;
}

/** A server whose funnel requests get `answer`; the limits are answered as the service does. */
async function misbehaving(
  answer: (res: ServerResponse, req: IncomingMessage) => void,
): Promise<Misbehaving> {
  const state = { funnelRequests: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/api/v1/limits') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ maxItems: 100, maxBodyBytes: MIB }));
        return;
      }
      state.funnelRequests += 1;
      answer(res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get funnelRequests() {
      return state.funnelRequests;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes an answer of `HUGE` bytes as fast as the client reads it; resolves the bytes written. */
function endless(res: ServerResponse, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.write('{"status":"success","message":"');
    const pump = () => {
      while (written < HUGE && !res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.once('close', () => resolve(written));
    pump();
  });
}

describe('push against a misbehaving service', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'push-misbehaving-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A push of a file of its own: a stopped run leaves its checkpoint beside the file. */
  async function push(server: Misbehaving, ...extra: string[]) {
    const file = path.join(dir, `rows-${randomUUID()}.ndjson`);
    const rows = [{ sku: 'A-1' }, { sku: 'A-2' }, { sku: 'A-3' }];
    await writeFile(file, rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
    let stdout = '';
    let stderr = '';
    const args = ['push', file, '--funnel', FUNNEL, '--url', server.url, '--token', 't'];
    const code = await runSenderCli([...args, '--id-path', 'sku', ...extra], {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    });
    return { code, stdout, stderr };
  }

  it('when the service never answers, then each attempt ends at --timeout, is sent again as a network error is, and the push says why it stopped', async () => {
    const server = await misbehaving(() => undefined);
    try {
      const run = await push(server, '--timeout', '1', '--max-retries', '1');
      expect(run.code).toBe(2);
      expect(server.funnelRequests).toBe(2);
      expect(run.stderr).toMatch(
        new RegExp(
          `retrying POST ${FUNNEL_PATH} in [\\d.]+s \\(no answer within 1 s \\(--timeout\\)\\)`,
        ),
      );
      expect(run.stderr).toContain(
        `error: POST ${FUNNEL_PATH}: no answer after 2 attempts; last: no answer within 1 s (--timeout)`,
      );
    } finally {
      await server.close();
    }
  });

  it.each([
    ['streamed without a length', {}],
    ['of a length it declares', { 'content-length': String(HUGE + 33) }],
  ])(
    'when an answer of 1 GiB comes, %s, then the push reads at most its cap and stops saying why',
    async (_case, headers) => {
      let sent: Promise<number> = Promise.resolve(0);
      const server = await misbehaving((res) => {
        sent = endless(res, headers);
      });
      try {
        const run = await push(server);
        expect(run.code).toBe(2);
        expect(server.funnelRequests).toBe(1);
        expect(run.stderr).toContain(
          `error: POST ${FUNNEL_PATH}: the answer (HTTP 200) is larger than 8 MiB, more than any ` +
            'answer of the service; stopped reading it (--max-answer-mib raises the cap)',
        );
        // The connection was dropped at the cap: what the socket buffers took, not the gigabyte.
        expect(await sent).toBeLessThan(64 * MIB);
      } finally {
        await server.close();
      }
    },
  );

  it('when the service asks to wait 999999999 s, then the push stops at once and says so, and sends nothing again', async () => {
    const server = await misbehaving((res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '999999999' });
      res.end(JSON.stringify({ status: 'error', message: 'slow down' }));
    });
    try {
      const run = await push(server);
      expect(run.code).toBe(2);
      expect(server.funnelRequests).toBe(1);
      expect(run.stderr).toContain(
        `error: POST ${FUNNEL_PATH}: the service asks to wait before sending it again ` +
          '(Retry-After: 999999999), longer than the 300 s a push waits; run it again later ' +
          '(--resume sends only what is left)',
      );
    } finally {
      await server.close();
    }
  });
});
