/**
 * The Standard Webhooks headers of a delivery, signed with the `standardwebhooks` library.
 * Several secrets sign at once while one replaces another: the header then carries one
 * `v1,<signature>` per secret, space-separated, and a receiver accepts any it can verify.
 * Scheme: docs/export.md#signatures.
 */
import { Webhook } from 'standardwebhooks';
import type { WebhookSecret } from './webhook-secret';

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signDelivery(
  webhookId: string,
  body: string,
  secrets: readonly WebhookSecret[],
  at: Date,
): WebhookHeaders {
  if (secrets.length === 0) throw new Error('A delivery needs at least one signing secret');
  const signatures = secrets.map((secret) => new Webhook(secret).sign(webhookId, at, body));
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
