/** A delivery logged by mistake still shows neither its secrets nor its body. */
import { Writable } from 'node:stream';
import type { Delivery } from '../../../core/export/delivery/delivery-client';
import { generateWebhookSecret } from '../../../core/export/delivery/webhook-secret';
import { createLogger } from '../../../core/platform/logger';

it('when a delivery is logged, then its secrets and payload are redacted', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const secret = generateWebhookSecret();
  const delivery: Delivery = {
    url: 'https://hooks.example.com/',
    webhookId: 'msg_log',
    payload: { changes: [{ identifier: 'TOP-SECRET-SKU' }] },
    secrets: [secret],
  };
  const logger = createLogger('worker', 'info', sink);
  logger.info({ delivery }, 'delivering');
  logger.info(delivery, 'delivering');
  const text = lines.join('');
  expect(text).toContain('msg_log');
  expect(text).not.toContain(secret.slice('whsec_'.length, 20));
  expect(text).not.toContain('TOP-SECRET-SKU');
});
