/**
 * A query the service sends, as an index sees it: which fields it asks one value of, which it
 * bounds, how it sorts. Each concept names its reads beside its repository; an index audit
 * matches every one against the declared indexes, and every query the API sends against these
 * (docs/storage.md#reads-and-their-indexes).
 */
export interface ReadShape<Collection extends string = string> {
  /** Who reads, in words: the route or the use. */
  read: string;
  collection: Collection;
  /**
   * The fields asked for one value (or a few, by `$in`), the tenant first: the leading keys of
   * the index that serves the read. A read by `_id` alone lists `_id` (ids begin with the tenant).
   */
  equals: readonly string[];
  /** A field bounded by a range: the sort's first key, or the index's key after `equals`. */
  range?: string;
  sort?: Readonly<Record<string, 1 | -1>>;
  /** Fields tested only on the documents the index finds, a few per read. */
  alsoTests?: readonly string[];
}
