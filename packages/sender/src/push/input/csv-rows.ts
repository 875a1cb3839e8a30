import { pipeline, Readable } from 'node:stream';
import { CsvError, parse, type Info } from 'csv-parse';
import type { SourceRow } from '../push-types';
import { csvColumns, rowFromCells, type CsvColumn } from './csv-columns';
import { InputError } from './input-error';
import { LineCounter } from './line-counter';
import type { RowProblem } from './row-problem';

interface ParsedRecord {
  record: string[];
  info: Info;
}

/**
 * CSV with a header row (see csv-columns for how headers shape the rows). A row's position is
 * the line it starts on, the header being line 1; lines are counted here on the bytes, as
 * csv-parse's own count drifts on CRLF files. A record with the wrong number of cells is a row
 * problem; broken quoting ends the run, as nothing after it can be placed.
 */
export async function* csvRows(
  chunks: AsyncIterable<Buffer>,
  arraySeparator: string | undefined,
): AsyncGenerator<SourceRow | RowProblem> {
  const lines = new LineCounter();
  const parser = parse({
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // A line of only separators, as spreadsheets leave at the end, is blank too.
    skip_records_with_empty_values: true,
  });
  pipeline(Readable.from(counted(chunks, lines)), parser, () => undefined);
  let columns: CsvColumn[] | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
      const position = startLine(record, info, lines);
      if (!columns) columns = csvColumns(record);
      else if (record.length === columns.length) {
        yield { row: rowFromCells(columns, record, arraySeparator), position };
      } else {
        const message = `The row has ${record.length} cells; the header has ${columns.length}`;
        yield { position, raw: csvLine(record), message };
      }
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = lines.lineAt(Number(error.bytes));
    throw new InputError(
      `The CSV breaks on line ${line}: ${error.message.replace(/ at line.*/, '')}`,
    );
  }
}

async function* counted(chunks: AsyncIterable<Buffer>, lines: LineCounter): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    lines.feed(chunk);
    yield chunk;
  }
}

/** csv-parse's `bytes` is just past the record's delimiter; quoted cells may hold newlines. */
function startLine(record: string[], info: Info, lines: LineCounter): number {
  const inner = record.reduce((count, cell) => count + cell.split('\n').length - 1, 0);
  return lines.lineAt(Math.max(info.bytes - 1, 0)) - inner;
}

/** The record as one CSV line again, for the errors file. */
function csvLine(record: string[]): string {
  return record
    .map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
    .join(',');
}
