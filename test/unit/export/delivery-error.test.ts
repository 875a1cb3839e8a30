import {
  DeliveryTimeoutError,
  describeDeliveryError,
} from '../../../core/export/delivery/delivery-error';
import { TargetRefusedError } from '../../../core/export/targets/target-refused';
import { generateWebhookSecret } from '../../../core/export/delivery/webhook-secret';

describe('describeDeliveryError', () => {
  it('when a network error comes, then its code and message are kept', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
    });
    expect(describeDeliveryError(error, [])).toBe('connect ECONNREFUSED 127.0.0.1:9');
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(describeDeliveryError(reset, [])).toBe('ECONNRESET: socket hang up');
  });

  it('when the attempt timed out or the target was refused, then that is said', () => {
    expect(describeDeliveryError(new DeliveryTimeoutError(50), [])).toBe('No answer within 50 ms');
    expect(describeDeliveryError(new TargetRefusedError('refused'), [])).toBe('refused');
  });

  it('when an error message held a secret, then the secret is struck out', () => {
    const secret = generateWebhookSecret();
    const key = secret.slice('whsec_'.length);
    const text = describeDeliveryError(new Error(`bad ${secret} and ${key}`), [secret]);
    expect(text).toBe('bad [secret] and [secret]');
  });
});
