/** What one attempt to deliver to an export's receiver came to, as the delivery log keeps it. */
export const RESPONSE_BODY_LIMIT = 1_024;

export interface DeliveryAttempt {
  webhookId: string;
  startedAt: Date;
  /** A 2xx answer; anything else (3xx included: redirects are not followed) is a failure. */
  ok: boolean;
  /** The receiver's HTTP status, when it answered at all. */
  status?: number;
  durationMs: number;
  /** The first bytes of the answer's body (at most RESPONSE_BODY_LIMIT), as UTF-8 text. */
  responseBody?: string;
  /** A `Retry-After` the receiver sent, in seconds from the answer. */
  retryAfterSeconds?: number;
  /** Why no answer came: refused target, network error or timeout. Never holds a secret. */
  error?: string;
}
