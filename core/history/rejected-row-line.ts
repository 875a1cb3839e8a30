/**
 * One rejected row as an NDJSON line (docs/api-behaviour.md#rejected-rows): the sender's item as
 * they wrote it, with `_rejected` added last saying under which key and at which position it
 * failed, and why. A fixed file is a valid body for the funnel again: keys no mapping reads are
 * ignored, `_rejected` among them.
 */
const REJECTED_ANNOTATION = '_rejected';

export interface Rejection {
  /** The item's key in the record's `errors`. */
  key: string;
  /** Zero-based position in the request; null when no item of the body has the key. */
  position: number | null;
  /** Field label -> message. */
  errors: Readonly<Record<string, string>>;
}

/**
 * `item` is the item's text as sent, kept as text so that what the sender wrote (numbers past
 * double precision, key order) comes back unchanged; its line breaks, white space between tokens
 * in valid JSON, are made spaces to keep it on one line. An item that is not an object cannot take
 * a key: it goes inside the annotation, as `item`.
 */
export function rejectedRowLine(item: string | undefined, rejection: Rejection): string {
  const annotation = JSON.stringify(rejection);
  if (item === undefined) return `{"${REJECTED_ANNOTATION}":${annotation}}\n`;
  const oneLine = item.replace(/[\r\n]+/g, ' ');
  if (!oneLine.startsWith('{')) {
    return `{"${REJECTED_ANNOTATION}":${annotation.slice(0, -1)},"item":${oneLine}}}\n`;
  }
  const open = oneLine.slice(0, oneLine.lastIndexOf('}'));
  const separator = /^\{\s*$/.test(open) ? '' : ',';
  return `${open}${separator}"${REJECTED_ANNOTATION}":${annotation}}\n`;
}
