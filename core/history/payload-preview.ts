/**
 * What a history record holds of its request's body in itself: the body's beginning as text.
 * When that text is the body byte for byte (short, and UTF-8), the record alone holds the body and
 * nothing is kept apart; otherwise the whole body is kept in chunks (docs/storage.md#request-payloads).
 */
import { isUtf8 } from 'node:buffer';

/** The record shows the body up to this size. */
const PAYLOAD_PREVIEW_BYTES = 16 * 1024;

export interface PayloadPreview {
  payload: string;
  /** The preview is not the body whole: cut after PAYLOAD_PREVIEW_BYTES, or not UTF-8 text. */
  payloadTruncated: boolean;
}

/** Whether the record's preview of `raw` is the body itself, byte for byte. */
export const previewHoldsWhole = (raw: Buffer): boolean =>
  raw.length <= PAYLOAD_PREVIEW_BYTES && isUtf8(raw);

export function payloadPreview(raw: Buffer): PayloadPreview {
  // A cut may split a multi-byte character; the decoder makes its remains U+FFFD.
  return {
    payload: raw.subarray(0, PAYLOAD_PREVIEW_BYTES).toString('utf8'),
    payloadTruncated: !previewHoldsWhole(raw),
  };
}
