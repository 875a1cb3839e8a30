/** Signing as Standard Webhooks has it, checked with the standardwebhooks library's verifier. */
import { Webhook } from 'standardwebhooks';
import { signDelivery } from '../../../core/export/delivery/webhook-signature';
import {
  generateWebhookSecret,
  webhookSecretSchema,
} from '../../../core/export/delivery/webhook-secret';

const body = JSON.stringify({ type: 'items.changed', changes: [{ identifier: 'A-1' }] });

describe('export secrets', () => {
  it('when a secret is made, then it is whsec_ and 32 random bytes in base64', () => {
    const secret = generateWebhookSecret();
    expect(webhookSecretSchema.safeParse(secret).success).toBe(true);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});

describe('signDelivery', () => {
  it('when one secret signs, then the library verifies the headers and the body', () => {
    const secret = generateWebhookSecret();
    const headers = signDelivery('msg_1', body, [secret], new Date());
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('when two secrets sign during a rotation, then each one verifies on its own', () => {
    const [previous, current] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = signDelivery('msg_2', body, [current, previous], new Date());
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(previous).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow();
  });

  it('when the body or the id is changed, then verification fails', () => {
    const secret = generateWebhookSecret();
    const headers = signDelivery('msg_3', body, [secret], new Date());
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_4' })).toThrow();
  });

  it('when no secret is given, then nothing is signed', () => {
    expect(() => signDelivery('msg_5', body, [], new Date())).toThrow(/at least one/);
  });
});
