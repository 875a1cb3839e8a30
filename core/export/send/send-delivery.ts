/**
 * One attempt of a delivery: its changes posted as they are stored, signed with every secret
 * that signs now (two during a rotation), under its own id as `webhook-id`, the same on every
 * retry. Behaviour: docs/export.md#signatures.
 */
import { inCarriedSpan } from '../../platform/tracing/carried-span';
import { funnelAttributes } from '../../platform/tracing/funnel-attributes';
import type { DeliveryAttempt } from '../delivery/delivery-attempt';
import type { DeliveryDocument } from '../delivery/delivery-record';
import type { ExportDeliveryContext } from '../export-delivery-context';
import { signingSecrets, type ExportDocument } from '../export-record';

export async function sendDelivery(
  exp: ExportDocument,
  delivery: DeliveryDocument,
  context: Pick<ExportDeliveryContext, 'client' | 'now' | 'observe'>,
): Promise<DeliveryAttempt> {
  const attributes = {
    ...funnelAttributes({ tenant: exp.tenant }),
    'funnel_sync.export.id': exp.id,
    'funnel_sync.delivery.lane': delivery.lane,
    'funnel_sync.delivery.attempt': delivery.attemptCount + 1,
    'funnel_sync.changes.count': delivery.changeCount,
  };
  return inCarriedSpan(delivery.traces ?? [], 'export delivery', attributes, async (span) => {
    const attempt = await context.client.deliver({
      url: exp.url,
      webhookId: delivery._id,
      json: deliveryBody(exp.id, JSON.stringify(delivery.changes)),
      secrets: signingSecrets(exp, context.now()),
    });
    span.setAttribute('funnel_sync.delivery.ok', attempt.ok);
    context.observe?.(attempt, delivery);
    return attempt;
  });
}

/** The body of a delivery, `{type, exportId, changes}`, around its changes' JSON text as stored. */
function deliveryBody(exportId: string, changesJson: string): string {
  return `{"type":"items.changed","exportId":${JSON.stringify(exportId)},"changes":${changesJson}}`;
}
