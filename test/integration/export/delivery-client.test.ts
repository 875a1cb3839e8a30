/**
 * The delivery client against real receivers on loopback, which EXPORT_ALLOWED_NETWORKS opens:
 * signatures verified by the standardwebhooks library, the receiver's answers as attempts.
 */
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../../core/platform/config';
import {
  createDeliveryClient,
  type DeliveryClient,
} from '../../../core/export/delivery/delivery-client';
import { generateWebhookSecret } from '../../../core/export/delivery/webhook-secret';
import {
  answerWith,
  startReceiver,
  type LoopbackReceiver,
  type Respond,
} from '../../support/loopback-receiver';
import { waitUntil } from '../../support/wait-until';

const { EXPORT_ALLOWED_NETWORKS: loopbackAllowed } = loadConfig('worker', {
  REDIS_URL: 'redis://127.0.0.1:6379',
  MONGO_URL: 'mongodb://127.0.0.1:27017/unused',
  EXPORT_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
});

const payload = {
  type: 'items.changed',
  exportId: 'exp_1',
  changes: [{ seq: 1, event: 'created', identifier: 'A-1', item: { name: 'Shoe ü' } }],
};

let client: DeliveryClient;
const receivers: LoopbackReceiver[] = [];

async function receiver(respond: Respond, host?: '127.0.0.1' | '::1') {
  const started = await startReceiver(respond, host);
  receivers.push(started);
  return started;
}

beforeEach(() => {
  client = createDeliveryClient({ allowed: loopbackAllowed, timeoutMs: 300 });
});

afterEach(async () => {
  client.close();
  await Promise.all(receivers.splice(0).map((started) => started.close()));
});

describe('a delivery to a loopback receiver', () => {
  it('when it arrives, then each of two rotated secrets verifies it with the library', async () => {
    const [previous, current] = [generateWebhookSecret(), generateWebhookSecret()];
    const target = await receiver(answerWith(204));
    const attempt = await client.deliver({
      url: `${target.origin}/hooks?x=1`,
      webhookId: 'msg_rotation',
      payload,
      secrets: [current, previous],
    });
    expect(attempt).toMatchObject({ ok: true, status: 204, webhookId: 'msg_rotation' });
    const [request] = target.received;
    expect(request).toMatchObject({ method: 'POST', path: '/hooks?x=1' });
    expect(request!.headers['content-type']).toBe('application/json');
    const headers = request!.headers as Record<string, string>;
    for (const secret of [current, previous]) {
      expect(new Webhook(secret).verify(request!.body, headers)).toEqual(payload);
    }
    expect(() => new Webhook(generateWebhookSecret()).verify(request!.body, headers)).toThrow();
  });

  it('when the caller retries with the same id, then the receiver sees the same webhook-id', async () => {
    const secret = generateWebhookSecret();
    let calls = 0;
    const target = await receiver((_request, response) => {
      calls += 1;
      response.writeHead(calls === 1 ? 500 : 200).end();
    });
    const delivery = { url: target.origin, webhookId: 'msg_retry', payload, secrets: [secret] };
    const first = await client.deliver(delivery);
    const second = await client.deliver(delivery);
    expect([first.ok, first.status, second.ok, second.status]).toEqual([false, 500, true, 200]);
    expect(target.received.map((request) => request.headers['webhook-id'])).toEqual([
      'msg_retry',
      'msg_retry',
    ]);
    for (const request of target.received) {
      expect(() =>
        new Webhook(secret).verify(request.body, request.headers as Record<string, string>),
      ).not.toThrow();
    }
  });

  it('when the receiver listens on ::1, then it is reached too', async () => {
    const target = await receiver(answerWith(200, 'ok'), '::1');
    const attempt = await client.deliver({
      url: target.origin,
      webhookId: 'msg_v6',
      payload,
      secrets: [generateWebhookSecret()],
    });
    expect(attempt).toMatchObject({ ok: true, status: 200, responseBody: 'ok' });
  });
});

describe("the receiver's answer", () => {
  const deliver = (origin: string) =>
    client.deliver({
      url: origin,
      webhookId: 'msg_a',
      payload,
      secrets: [generateWebhookSecret()],
    });

  it('when it is 500, then the attempt failed with the status and the body recorded', async () => {
    const target = await receiver(answerWith(500, 'database down'));
    const attempt = await deliver(target.origin);
    expect(attempt).toMatchObject({ ok: false, status: 500, responseBody: 'database down' });
    expect(attempt.error).toBeUndefined();
  });

  it('when it is held back, then the duration covers the wait for it and no more than the call', async () => {
    let answer = () => {};
    let heldMs = 0;
    const target = await receiver((_request, response) => {
      const arrived = performance.now();
      answer = () => {
        heldMs = performance.now() - arrived;
        response.writeHead(200).end();
      };
    });
    const calledAt = performance.now();
    const delivering = deliver(target.origin);
    await waitUntil(
      () => target.received.length,
      (arrived) => arrived === 1,
      { what: 'the delivery to arrive', timeoutMs: 250, everyMs: 10 },
    );
    answer();
    const attempt = await delivering;
    const callMs = performance.now() - calledAt;
    expect(attempt).toMatchObject({ ok: true, status: 200 });
    // Rounded to a tenth of a millisecond.
    expect(attempt.durationMs).toBeGreaterThanOrEqual(heldMs - 0.1);
    expect(attempt.durationMs).toBeLessThanOrEqual(callMs + 0.1);
    expect(heldMs).toBeGreaterThan(0);
  });

  it('when it never comes, then the attempt fails as a timeout without a status', async () => {
    const target = await receiver(() => undefined);
    const attempt = await deliver(target.origin);
    expect(attempt).toMatchObject({ ok: false, error: 'No answer within 300 ms' });
    expect(attempt.status).toBeUndefined();
    expect(target.received).toHaveLength(1);
  });

  it('when only the headers come, then the status stands and the body read so far', async () => {
    const target = await receiver((_request, response) => {
      response.writeHead(202);
      response.write('started');
    });
    const attempt = await deliver(target.origin);
    expect(attempt).toMatchObject({ ok: true, status: 202, responseBody: 'started' });
  });

  it('when it is 429 with Retry-After in seconds, then the wait is recorded', async () => {
    const target = await receiver(answerWith(429, 'slow down', { 'Retry-After': '120' }));
    await expect(deliver(target.origin)).resolves.toMatchObject({
      ok: false,
      status: 429,
      retryAfterSeconds: 120,
    });
  });

  it('when it is 503 with Retry-After as an HTTP date, then the wait is read from it', async () => {
    const fixedNow = new Date('2030-01-01T12:00:00Z');
    client.close();
    client = createDeliveryClient({
      allowed: loopbackAllowed,
      timeoutMs: 300,
      now: () => fixedNow,
    });
    const target = await receiver(
      answerWith(503, '', { 'Retry-After': 'Tue, 01 Jan 2030 12:05:00 GMT' }),
    );
    await expect(deliver(target.origin)).resolves.toMatchObject({
      status: 503,
      retryAfterSeconds: 300,
    });
  });

  it('when it is 410, then the status is surfaced', async () => {
    const target = await receiver(answerWith(410, 'gone'));
    await expect(deliver(target.origin)).resolves.toMatchObject({ ok: false, status: 410 });
  });

  it('when it is a redirect to another loopback receiver, then it is not followed', async () => {
    const elsewhere = await receiver(answerWith(200));
    const target = await receiver(answerWith(307, '', { Location: `${elsewhere.origin}/x` }));
    const attempt = await deliver(target.origin);
    expect(attempt).toMatchObject({ ok: false, status: 307 });
    expect(elsewhere.connections()).toBe(0);
  });

  it('when its body is long, then only the first KiB is kept', async () => {
    const target = await receiver(answerWith(400, 'é'.repeat(3000)));
    const attempt = await deliver(target.origin);
    expect(attempt.status).toBe(400);
    expect(Buffer.byteLength(attempt.responseBody ?? '')).toBeLessThanOrEqual(1024 + 2);
    expect(attempt.responseBody).toMatch(/^(é){500,}/);
  });

  it('when no receiver listens, then the error names the refusal and never a secret', async () => {
    const target = await receiver(answerWith(200));
    await target.close();
    const secret = generateWebhookSecret();
    const attempt = await client.deliver({
      url: target.origin,
      webhookId: 'msg_b',
      payload,
      secrets: [secret],
    });
    expect(attempt.ok).toBe(false);
    expect(attempt.error).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(attempt)).not.toContain(secret.slice('whsec_'.length));
  });
});
