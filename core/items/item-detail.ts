/**
 * An item as its own page shows it: the item, its version, and the funnel and request that last
 * wrote it. The request is found in the history while the history keeps it.
 */
import { z } from 'zod';
import { itemView, itemViewSchema, type ItemDocument } from './item';

const lastWriteSchema = z.object({
  funnelId: z.string(),
  endpointUrl: z.string().nullable().describe('null when the funnel is gone'),
  funnelName: z.string().nullable(),
  receivedAt: z.string().describe('When the request that wrote it was received'),
  recordId: z.string().nullable().describe('null once the history has let the request go'),
  requestId: z.string().nullable(),
});

export const itemDetailSchema = itemViewSchema.extend({
  version: z.number().int().describe('How many changes the item has had, its creation included'),
  lastWrite: lastWriteSchema,
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

export interface LastWriter {
  funnel: { endpointUrl: string; name: string } | null;
  request: { recordId: string; requestId: string } | null;
}

export function itemDetail(item: ItemDocument, writer: LastWriter): ItemDetail {
  return {
    ...itemView(item),
    version: item.version,
    lastWrite: {
      funnelId: item.funnelId,
      endpointUrl: writer.funnel?.endpointUrl ?? null,
      funnelName: writer.funnel?.name ?? null,
      receivedAt: item.receivedAt.toISOString(),
      recordId: writer.request?.recordId ?? null,
      requestId: writer.request?.requestId ?? null,
    },
  };
}
