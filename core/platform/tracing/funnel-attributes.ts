/** The attributes that say whose request a span is part of, named alike everywhere. */
import type { Attributes } from '@opentelemetry/api';

export function funnelAttributes(request: {
  tenant: string;
  endpointUrl?: string;
  funnelId?: string;
}): Attributes {
  return {
    'funnel_sync.tenant': request.tenant,
    ...(request.endpointUrl === undefined
      ? {}
      : { 'funnel_sync.funnel.endpoint_url': request.endpointUrl }),
    ...(request.funnelId === undefined ? {} : { 'funnel_sync.funnel.id': request.funnelId }),
  };
}
