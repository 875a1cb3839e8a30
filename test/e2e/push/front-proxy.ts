/**
 * A loopback proxy a push test puts in front of the API: it forwards every request as is, unless
 * `decide` says otherwise for a funnel request (a POST or DELETE to /api/v1/funnels/...): refuse
 * it with a status and Retry-After, or forward it and keep the API's answer from the client, as
 * when a connection drops after the service has done the work.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Decision =
  | { kind: 'forward' }
  | { kind: 'refuse'; status: number; retryAfterSeconds: number }
  /** Forwarded, and the client never gets the answer: its connection is left hanging. */
  | { kind: 'swallow' };

export interface FrontProxy {
  url: string;
  /** Funnel requests seen, refused or not, in order of arrival. */
  funnelRequests: { method: string; path: string; decision: Decision['kind'] }[];
  /** Funnel requests forwarded whose answer the API has sent back to this proxy. */
  answeredByApi(): number;
  close(): Promise<void>;
}

const isFunnelRequest = (req: IncomingMessage) =>
  req.method !== 'GET' && /^\/api\/v1\/funnels\/[^/?]+(\?|$)/.test(req.url ?? '');

export async function startFrontProxy(
  target: string,
  decide: (funnelRequestIndex: number) => Decision,
): Promise<FrontProxy> {
  const funnelRequests: FrontProxy['funnelRequests'] = [];
  let answered = 0;
  const upstream = new URL(target);

  const forward = (req: IncomingMessage, res: ServerResponse | null, onAnswered = () => {}) => {
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        if (res) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        } else answer.resume();
        answer.on('end', onAnswered);
      },
    );
    outgoing.on('error', () => res?.destroy());
    req.pipe(outgoing);
  };

  const server = http.createServer((req, res) => {
    if (!isFunnelRequest(req)) return forward(req, res);
    const decision = decide(funnelRequests.length);
    funnelRequests.push({ method: req.method ?? '', path: req.url ?? '', decision: decision.kind });
    if (decision.kind === 'forward') return forward(req, res, () => (answered += 1));
    if (decision.kind === 'swallow') return forward(req, null, () => (answered += 1));
    // Read the body first: a client refused mid-upload may see a reset instead of the answer.
    req.resume();
    req.on('end', () => {
      res
        .writeHead(decision.status, {
          'content-type': 'application/json',
          'retry-after': String(decision.retryAfterSeconds),
        })
        .end(JSON.stringify({ status: 'error', message: `refused by the test proxy` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    funnelRequests,
    answeredByApi: () => answered,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
