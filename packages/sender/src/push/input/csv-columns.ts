import { InputError } from './input-error';

/**
 * How a CSV header row becomes the shape of each row object:
 * - a dotted header is a path into nested objects: `attrs.color` gives `{attrs: {color}}`;
 * - a header ending in `[]` is an array column: `tags[]` gives `{tags: [...]}`, its cell split
 *   on the array separator (`--csv-array-sep`) when one is given, else a one-item array; empty
 *   items are dropped;
 * - an empty cell (or an array cell with no item) leaves its key out of the row;
 * - every value is the cell's text, as CSV has no types.
 * A header the rows cannot be built from (an empty name or segment, `__proto__`, the same path
 * twice, or a path that is both a value and an object) ends the run before any row is read.
 */
export interface CsvColumn {
  path: string[];
  isArray: boolean;
}

const ARRAY_SUFFIX = '[]';
const FORBIDDEN_SEGMENT = '__proto__';

export function csvColumns(header: string[]): CsvColumn[] {
  const columns = header.map(columnOf);
  const seen = new Map<string, string>();
  header.forEach((name, index) => {
    const path = (columns[index] as CsvColumn).path;
    const key = JSON.stringify(path);
    if (seen.has(key)) throw headerError(name, `names the same field as "${seen.get(key)}"`);
    seen.set(key, name);
  });
  for (const [key, name] of seen) {
    const path = JSON.parse(key) as string[];
    for (let length = 1; length < path.length; length += 1) {
      const parent = seen.get(JSON.stringify(path.slice(0, length)));
      if (parent !== undefined) throw headerError(name, `is inside "${parent}", which is a value`);
    }
  }
  return columns;
}

/** The row object for one record's cells, built in plain objects along own keys only. */
export function rowFromCells(
  columns: CsvColumn[],
  cells: string[],
  arraySeparator: string | undefined,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    const value = cellValue(cells[index] ?? '', column.isArray, arraySeparator);
    if (value !== undefined) place(row, column.path, value);
  });
  return row;
}

function columnOf(name: string): CsvColumn {
  const isArray = name.endsWith(ARRAY_SUFFIX);
  const path = (isArray ? name.slice(0, -ARRAY_SUFFIX.length) : name).split('.');
  if (path.some((segment) => segment === '')) throw headerError(name, 'has an empty name part');
  if (path.includes(FORBIDDEN_SEGMENT)) throw headerError(name, `uses "${FORBIDDEN_SEGMENT}"`);
  return { path, isArray };
}

function cellValue(
  cell: string,
  isArray: boolean,
  arraySeparator: string | undefined,
): string | string[] | undefined {
  if (!isArray) return cell === '' ? undefined : cell;
  const items = (arraySeparator === undefined ? [cell] : cell.split(arraySeparator)).filter(
    (item) => item !== '',
  );
  return items.length === 0 ? undefined : items;
}

function place(row: Record<string, unknown>, path: string[], value: unknown): void {
  let target = row;
  for (const segment of path.slice(0, -1)) {
    // Own keys only: an inherited `constructor` must never be walked into.
    if (!Object.hasOwn(target, segment)) target[segment] = {};
    target = target[segment] as Record<string, unknown>;
  }
  target[path[path.length - 1] as string] = value;
}

function headerError(name: string, reason: string): InputError {
  return new InputError(`The CSV column "${name}" ${reason}`);
}
