/** What one attempt to deliver to an export's receiver came to, as the delivery log keeps it. */
import { z } from 'zod';

export const RESPONSE_BODY_LIMIT = 1_024;

export const deliveryAttemptSchema = z.object({
  webhookId: z.string(),
  startedAt: z.date(),
  /** A 2xx answer; anything else (3xx included: redirects are not followed) is a failure. */
  ok: z.boolean(),
  /** The receiver's HTTP status, when it answered at all. */
  status: z.number().int().min(100).max(599).optional(),
  durationMs: z.number().nonnegative(),
  /** The first bytes of the answer's body (at most RESPONSE_BODY_LIMIT), as UTF-8 text. */
  responseBody: z.string().optional(),
  /** A `Retry-After` the receiver sent, in seconds from the answer. */
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  /** Why no answer came: refused target, network error or timeout. Never holds a secret. */
  error: z.string().optional(),
});

export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;
