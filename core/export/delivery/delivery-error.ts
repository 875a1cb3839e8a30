/** The error text of a delivery attempt that got no answer, as the delivery log shows it. */
import { types } from 'node:util';
import { TargetRefusedError } from '../targets/target-refused';

export class DeliveryTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms`);
    this.name = 'DeliveryTimeoutError';
  }
}

const MAX_LENGTH = 300;

/**
 * A short, readable reason. Node's network errors name the address and the cause, never the
 * request's headers; the secrets are struck out all the same, so that no future error message
 * can carry one into the log.
 */
export function describeDeliveryError(error: unknown, secrets: readonly string[]): string {
  let text: string;
  if (error instanceof TargetRefusedError || error instanceof DeliveryTimeoutError) {
    text = error.message;
  } else if (error instanceof Error || types.isNativeError(error)) {
    const code = (error as NodeJS.ErrnoException).code;
    text = code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  } else {
    text = 'The delivery failed';
  }
  for (const secret of secrets) {
    const key = secret.replace(/^whsec_/, '');
    text = text.split(secret).join('[secret]').split(key).join('[secret]');
  }
  return text.slice(0, MAX_LENGTH);
}
