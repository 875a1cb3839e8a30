/** Export signing secrets: `whsec_` and 32 random bytes in base64, as Standard Webhooks has them. */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const PREFIX = 'whsec_';

export const webhookSecretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]{22,}={0,2}$/, 'a secret is "whsec_" and base64 text');

export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export function generateWebhookSecret(): WebhookSecret {
  return PREFIX + randomBytes(32).toString('base64');
}
