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

/**
 * One request's worth of rows: `index` counts requests from 0, in the order of the file. A batch
 * keeps only the bytes it sends and where each row came from: the rows are parsed back from the
 * body (`rowsOf`) only when an answer needs them, so requests in flight hold no second copy.
 */
export interface Batch {
  index: number;
  /** The rows as the JSON array that is sent (before gzip), under `Limits.maxBodyBytes`. */
  body: Buffer;
  /** Each row's position in the input, in the order of the body's array. */
  positions: readonly number[];
}
