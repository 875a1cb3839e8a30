import type { RowSource, SourceRow } from '../push-types';
import type { ByteChunks } from './byte-chunks';
import { isRowProblem } from './checked-row';
import { csvRows } from './csv-rows';
import { openInputBytes, STDIN_SOURCE } from './input-bytes';
import { InputError } from './input-error';
import { formatFromFirstByte, formatFromName, type InputFormat } from './input-format';
import { jsonArrayRows } from './json-array-rows';
import { ndjsonRows } from './ndjson-rows';
import { problemHandlerOrThrow, type RowProblem, type RowProblemHandler } from './row-problem';

export interface OpenRowsOptions {
  format?: InputFormat;
  /** Splits the cells of CSV array columns (headers ending in `[]`). */
  csvArraySep?: string;
  /** Read for the source `-`; the process's own by default. */
  stdin?: NodeJS.ReadableStream;
  /** Told of each row that is not sent; without it a bad row ends the run. */
  onProblem?: RowProblemHandler;
}

/**
 * The rows of a file, or of standard input for `-`, streamed. The format is the option's, else
 * the name's (`.json`, `.ndjson`/`.jsonl`, `.csv`, each maybe `.gz`), else the first non-space
 * byte's (`[` JSON array, `{` NDJSON). Gzip is recognised by its magic bytes. Nothing is read
 * before the first row is asked for; an input that cannot be read throws an InputError then.
 */
export function openRows(source: string, options: OpenRowsOptions = {}): RowSource {
  if (options.csvArraySep === '') throw new InputError('The CSV array separator is empty');
  return rowsOnly(source, options);
}

async function* rowsOnly(source: string, options: OpenRowsOptions): AsyncGenerator<SourceRow> {
  const onProblem = problemHandlerOrThrow(options.onProblem);
  const items = readItems(source, options)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await nextOrInputError(items, source);
      if (next.done) return;
      if (isRowProblem(next.value)) onProblem(next.value);
      else yield next.value;
    }
  } finally {
    // Closes the file when the caller stops early.
    await items.return?.(undefined);
  }
}

async function* readItems(
  source: string,
  options: OpenRowsOptions,
): AsyncGenerator<SourceRow | RowProblem> {
  const bytes = await openInputBytes(source, options.stdin ?? process.stdin);
  try {
    const firstByte = await bytes.firstNonSpace();
    if (firstByte === undefined) return;
    const format = options.format ?? formatFromName(source) ?? formatFromFirstByte(firstByte);
    if (!format) throw new InputError('Cannot tell the input format: give --format');
    yield* rowsIn(format, bytes, firstByte, options.csvArraySep);
  } finally {
    await bytes.close();
  }
}

function rowsIn(
  format: InputFormat,
  bytes: ByteChunks,
  firstByte: number,
  csvArraySep: string | undefined,
): AsyncIterable<SourceRow | RowProblem> {
  switch (format) {
    case 'json':
      return jsonArrayRows(bytes.chunks(), formatFromFirstByte(firstByte) === 'json');
    case 'ndjson':
      return ndjsonRows(bytes.chunks());
    case 'csv':
      return csvRows(bytes.chunks(), csvArraySep);
  }
}

async function nextOrInputError<T>(
  items: AsyncIterator<T>,
  source: string,
): Promise<IteratorResult<T>> {
  try {
    return await items.next();
  } catch (error) {
    const name = source === STDIN_SOURCE ? 'standard input' : source;
    // Errors from node:fs can come from another realm (as under jest), so no instanceof.
    const message = (error as { message?: unknown } | null)?.message;
    const reason = typeof message === 'string' ? message : String(error);
    throw new InputError(`${name}: ${reason}`, { cause: error });
  }
}
