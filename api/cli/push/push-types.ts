/**
 * What the parts of `funnel-sync push` hand each other: rows read from the sender's file, the
 * requests they are cut into, and the service's limits those requests must stay under.
 */

/** One row of the input, and where it was: its line (NDJSON, CSV) or index (JSON array), from 1. */
export interface SourceRow {
  row: Record<string, unknown>;
  position: number;
}

export type RowSource = AsyncIterable<SourceRow>;

/** The service's limits on one funnel request, read from `GET /api/v1/limits`. */
export interface Limits {
  maxItems: number;
  maxBodyBytes: number;
}

/** One request's worth of rows: `index` counts requests from 0, in the order of the file. */
export interface Batch {
  index: number;
  rows: SourceRow[];
  /** The rows as the JSON array that is sent (before gzip), under `Limits.maxBodyBytes`. */
  body: Buffer;
}
